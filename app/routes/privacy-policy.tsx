import { Link } from 'react-router';
import { LegalPage } from '~/components/legal-page';
import { pageMeta } from '~/utils/meta';

export const meta = () =>
  pageMeta('Privacy Policy', 'What personal data RigRoast collects, why, how long it is kept, who it is shared with and your rights.');

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="22 November 2026"
      intro={
        <>
          <p>
            This policy explains what personal information RigRoast collects when you use it, what we do with it and the choices you have.
            The short version: we collect only what the service needs to work, we keep it on our own server, and we do not sell it,
            advertise to you or track you around the web.
          </p>
          <p>If we change this policy, we will update the "Last updated" date above and point out significant changes on the site.</p>
        </>
      }
      sections={[
        {
          id: 'who-we-are',
          heading: 'Who we are',
          body: (
            <>
              <p>
                RigRoast is software that anyone can host. The person or organisation running the site you are on (
                <strong>"the operator"</strong>, <strong>"we"</strong> or <strong>"us"</strong>) decides how your data is used and is
                responsible for it. Your data is stored in a database on the operator's own server, not in a third-party cloud service.
              </p>
              <p>
                For any privacy question or request, contact the operator at{' '}
                <a href="mailto:privacy@rigroast.example">privacy@rigroast.example</a>.
              </p>
            </>
          ),
        },
        {
          id: 'what-we-collect',
          heading: 'What we collect',
          body: (
            <>
              <ul>
                <li>
                  <strong>Account details:</strong> your e-mail address, username, avatar and bio, whether your e-mail address has been
                  verified and your e-mail preferences. If you set a password, we store only a secure hash of it, never the password itself.
                </li>
                <li>
                  <strong>What you post:</strong> photos of your builds and their titles, the ratings you give, your comments and replies,
                  and your competition entries, together with the AI roasts and replies written about your builds.
                </li>
                <li>
                  <strong>Activity on the site:</strong> your level, experience points, reputation, streak, achievements, leaderboard
                  positions and when you last signed in.
                </li>
                <li>
                  <strong>Sign-in and security data:</strong> your IP address and browser description (user agent) for each signed-in
                  session and each request for a sign-in code. Sign-in codes, verification links and reset links are stored only as hashes
                  and expire quickly.
                </li>
              </ul>
              <p>
                We do not collect payment details, your real name, your contacts or your precise location, and location data inside photos
                is removed (see <a href="#images">Images and metadata</a>).
              </p>
            </>
          ),
        },
        {
          id: 'how-we-use-it',
          heading: 'How we use it',
          body: (
            <>
              <p>We use your information to:</p>
              <ul>
                <li>create your account, sign you in and keep you signed in;</li>
                <li>show your builds, profile, ratings and comments to other visitors;</li>
                <li>write AI roasts and replies, and work out leaderboards, achievements and competition results;</li>
                <li>send e-mails you need: sign-in codes, password-reset links and e-mail verification links;</li>
                <li>screen uploads and keep the community within its guidelines;</li>
                <li>protect the service and its members, for example by limiting repeated sign-in attempts.</li>
              </ul>
              <p>
                Where data protection law such as the GDPR applies, we rely on the following legal bases: performing our agreement with you
                (running your account and the features you use), our legitimate interests (keeping the service safe and free of abuse) and,
                where we ask for it, your consent, which you can withdraw at any time.
              </p>
              <p>
                Upload screening is automated. If it rejects your upload or leads to a restriction on your account, you can ask for a person
                to review the decision by contacting us.
              </p>
            </>
          ),
        },
        {
          id: 'images',
          heading: 'Images and metadata',
          body: (
            <>
              <p>
                Photos often carry hidden information, such as the GPS location where they were taken, the camera or phone model and the
                date and time. When you upload a photo, we <strong>re-encode it and strip all of that metadata</strong>, including EXIF and
                GPS data. Only the cleaned copies are stored and shown on the site.
              </p>
              <ul>
                <li>
                  Uploads are checked automatically to make sure they show a PC build, with no people or faces and nothing explicit or
                  offensive.
                </li>
                <li>
                  Roasts are written by an AI model run by the operator or by RigRoast's built-in roaster. Your photo is not sent to an
                  outside AI company.
                </li>
                <li>If you upload a photo before signing in, it is held temporarily and deleted if you do not finish the upload.</li>
              </ul>
              <p>
                Published builds are public. Before uploading, check that nothing in the frame gives away more than you want to share, such
                as a name on a screen, a parcel label or your reflection.
              </p>
            </>
          ),
        },
        {
          id: 'cookies',
          heading: 'Cookies and local storage',
          body: (
            <>
              <p>We use only what the site needs to work:</p>
              <ul>
                <li>a signed session cookie that keeps you signed in and holds nothing but a random session id;</li>
                <li>a short-lived cookie that carries a one-time message, such as "Comment posted";</li>
                <li>
                  a <strong>hasSeenTutorial</strong> entry in your browser's local storage, so the first-visit tutorial is shown only once.
                </li>
              </ul>
              <p>
                There are no advertising or analytics cookies. The details are in our <Link to="/cookie-policy">Cookie Policy</Link>.
              </p>
            </>
          ),
        },
        {
          id: 'sharing',
          heading: 'Sharing and third parties',
          body: (
            <>
              <p>
                <strong>We do not sell or rent your personal information</strong>, and there are no advertising networks, analytics
                services, third-party fonts or content delivery networks on the site.
              </p>
              <ul>
                <li>
                  <strong>Public content:</strong> your username, avatar, bio, builds, ratings, comments and rankings can be seen by anyone
                  who visits the site and may be indexed by search engines. Your e-mail address is never shown publicly.
                </li>
                <li>
                  <strong>Service providers:</strong> the company that hosts the operator's server, and the e-mail delivery service used to
                  send sign-in codes and links, process data only to provide those services to us.
                </li>
                <li>
                  <strong>Share buttons:</strong> the Facebook, X (Twitter) and LinkedIn buttons are plain links. Nothing is sent to those
                  sites unless you click one, and after that their own privacy policies apply.
                </li>
                <li>
                  <strong>Legal reasons:</strong> we may disclose information if the law requires it, or where it is necessary to protect
                  someone's safety or the rights of the operator or members.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'retention',
          heading: 'How long we keep it',
          body: (
            <>
              <ul>
                <li>
                  <strong>Your account</strong> is kept until it is deleted. Deleting an account also deletes its builds, ratings, comments
                  and competition entries.
                </li>
                <li>
                  <strong>Builds and comments</strong> are kept until you delete them or your account is deleted. Deleting a build also
                  deletes its roast, ratings and comments.
                </li>
                <li>
                  <strong>Sessions</strong> end after 30 days without a visit, or when you sign out. The IP address and browser description
                  recorded for a session go with it.
                </li>
                <li>
                  <strong>Sign-in codes, verification links and reset links</strong> expire shortly after they are sent and are then
                  removed.
                </li>
                <li>
                  <strong>Photos uploaded before signing in</strong> are deleted if the upload is not finished.
                </li>
                <li>
                  <strong>Backups</strong> may hold copies of deleted data for a limited time until they are overwritten.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'your-rights',
          heading: 'Your rights',
          body: (
            <>
              <p>Depending on where you live, you may have the right to:</p>
              <ul>
                <li>get a copy of the personal information we hold about you;</li>
                <li>have it corrected: you can update most of your profile details yourself on your profile page;</li>
                <li>delete it: you can delete your own builds and comments, and ask us to delete your account;</li>
                <li>receive your data in a portable, machine-readable format;</li>
                <li>object to or restrict certain uses of your data, and withdraw consent you have given;</li>
                <li>complain to your local data protection authority.</li>
              </ul>
              <p>
                To use any of these rights, e-mail <a href="mailto:privacy@rigroast.example">privacy@rigroast.example</a> from the address
                linked to your account. We may ask you to confirm that it is you, and we will reply within one month.
              </p>
            </>
          ),
        },
        {
          id: 'children',
          heading: 'Children',
          body: (
            <>
              <p>
                <strong>RigRoast is not for children under 13.</strong> We do not knowingly collect personal information from anyone under
                13. Where local law sets a higher age for agreeing to the use of personal data, users below that age need a parent's or
                guardian's permission.
              </p>
              <p>
                If you believe a child under 13 has created an account, please contact us at{' '}
                <a href="mailto:privacy@rigroast.example">privacy@rigroast.example</a> and we will delete the account and its data.
              </p>
            </>
          ),
        },
      ]}
    />
  );
}
