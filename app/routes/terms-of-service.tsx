import { Link } from 'react-router';
import { LegalPage } from '~/components/legal-page';
import { pageMeta } from '~/utils/meta';

export const meta = () =>
  pageMeta(
    'Terms of Service',
    'The rules for using RigRoast: your content, community guidelines, AI roasts, your account and ' + 'our liability.',
  );

export default function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="22 November 2026"
      intro={
        <>
          <p>
            These terms are the agreement between you and the operator of this RigRoast site about how you may use it. RigRoast is software
            that anyone can host, so <strong>"we"</strong>, <strong>"us"</strong> and <strong>"the operator"</strong> mean the person or
            organisation running the site you are on, and <strong>"you"</strong> means anyone who visits it or has an account.
          </p>
          <p>
            We have tried to keep them short and readable. Please read them together with our{' '}
            <Link to="/privacy-policy">Privacy Policy</Link> and <Link to="/cookie-policy">Cookie Policy</Link>, which explain what we do
            with your information.
          </p>
        </>
      }
      sections={[
        {
          id: 'acceptance',
          heading: 'Acceptance of these terms',
          body: (
            <>
              <p>
                By creating an account, uploading a build, rating, commenting or entering a competition, you agree to these terms. If you do
                not agree, please do not use the service. You can browse public pages without an account, but these terms still apply to
                that use.
              </p>
              <ul>
                <li>
                  You must be <strong>at least 13 years old</strong> to use RigRoast. If you are under the age of majority where you live,
                  you confirm that a parent or guardian has agreed to these terms with you.
                </li>
                <li>
                  Individual competitions may publish their own rules, dates and prizes on the competition page. Those rules add to these
                  terms; if the two conflict, the competition rules win for that competition.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'your-content',
          heading: 'Your content and the licence you give us',
          body: (
            <>
              <p>
                "Your content" means the photos, build titles, comments, ratings, username, avatar and bio you add to the service.{' '}
                <strong>You keep ownership of it.</strong> To run RigRoast we need some permission to use it, so you give us a worldwide,
                non-exclusive, royalty-free licence to host, store, copy, resize, re-encode, display and distribute your content, only as
                needed to operate, show and improve the service. This includes:
              </p>
              <ul>
                <li>showing your builds in the gallery, on leaderboards, in competitions and on share pages;</li>
                <li>passing your photo to an AI model so it can write a roast or reply to comments;</li>
                <li>screening uploads automatically against our community guidelines;</li>
                <li>keeping backup copies so the service can be restored after a failure.</li>
              </ul>
              <p>
                The licence ends when you delete the content or your account is deleted, except for copies that remain in backups for a
                limited time until they are overwritten. We do not sell your content or license it to anyone else.
              </p>
              <p>
                You promise that you have the right to post everything you upload: in practice, that the photo is yours or you have
                permission to use it, and that posting it does not break anyone else's rights or the law.
              </p>
            </>
          ),
        },
        {
          id: 'community-guidelines',
          heading: 'Community guidelines',
          body: (
            <>
              <p>
                RigRoast is about roasting hardware, not people. To keep it fun for everyone, you agree not to post or do any of the
                following:
              </p>
              <ul>
                <li>
                  <strong>Photos that are not of a PC build or setup</strong>, or that show people or faces.
                </li>
                <li>Nudity, sexual content, gore, hate symbols or anything else obscene, offensive or illegal.</li>
                <li>Harassment, threats, slurs or hateful comments about a person or group. Mock the cable management, not the member.</li>
                <li>
                  Other people's personal information, such as addresses, phone numbers or real names they have not shared themselves.
                </li>
                <li>Spam, advertising, scams or links to malware.</li>
                <li>
                  Gaming the rankings: using several accounts, swapping ratings or automating votes to push a build up the leaderboards or a
                  competition.
                </li>
                <li>Pretending to be another person, another member or the operator.</li>
                <li>
                  Interfering with the service: probing for security holes, overloading it, scraping it at scale or getting around its
                  limits and checks.
                </li>
              </ul>
              <p>
                Uploads are screened automatically, and those that break these guidelines are rejected. Moderators and administrators may
                also remove content that breaks these terms. Repeated or serious violations may lead to your account being restricted,
                suspended or deleted, and competition entries that break the rules may be disqualified.
              </p>
            </>
          ),
        },
        {
          id: 'ai-content',
          heading: 'AI content is for entertainment',
          body: (
            <>
              <p>
                Roasts and AI replies are written automatically by an AI model, either one run by the operator or RigRoast's built-in
                roaster. They are meant as good-natured humour about hardware, and comments written by the AI are labelled as such.
              </p>
              <ul>
                <li>AI content can be wrong. It may misidentify parts or get prices, performance or compatibility completely backwards.</li>
                <li>
                  It is <strong>not technical, buying, electrical or safety advice</strong>. Check the facts before you spend money or open
                  up a power supply.
                </li>
                <li>It does not reflect the views of the operator or of any member.</li>
                <li>
                  Automated screening can make mistakes too. If a roast crosses the line or a fair upload is rejected, let us know using the
                  contact details below.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'your-account',
          heading: 'Your account and its security',
          body: (
            <>
              <p>
                You sign in with your e-mail address and a one-time six-digit code, or with a password if you have chosen to set one. You
                are responsible for what happens under your account, so please:
              </p>
              <ul>
                <li>use an e-mail address that is yours and keep access to it, because that is how you sign in;</li>
                <li>never share your sign-in codes, reset links or password with anyone;</li>
                <li>sign out when you use a shared or public device;</li>
                <li>keep one account per person and choose a username that is not offensive or misleading;</li>
                <li>tell us straight away if you think someone else has got into your account.</li>
              </ul>
              <p>
                You can delete your builds and comments at any time. To close your account completely, contact us and an administrator will
                delete it. We may suspend or delete accounts that break these terms, that are used to harm others, or where we are required
                to by law.
              </p>
            </>
          ),
        },
        {
          id: 'disclaimer',
          heading: 'Disclaimer',
          body: (
            <>
              <p>
                RigRoast is provided <strong>"as is" and "as available"</strong>. As far as the law allows, we make no promises that the
                service will be uninterrupted, error-free or secure, that AI content will be accurate, or that your content will be kept
                forever. Keep your own copies of anything that matters to you.
              </p>
              <p>As far as the law allows:</p>
              <ul>
                <li>
                  we are not liable for indirect or consequential losses, lost data, lost profits or damage to reputation arising from your
                  use of the service;
                </li>
                <li>we are not responsible for content posted by other members, or for websites we link to;</li>
                <li>
                  our total liability to you is limited to the amount, if any, you paid us for the service in the twelve months before the
                  claim.
                </li>
              </ul>
              <p>
                Nothing in these terms limits liability that cannot be limited by law, such as liability for fraud or for death or personal
                injury caused by negligence, or takes away your statutory rights as a consumer.
              </p>
            </>
          ),
        },
        {
          id: 'changes',
          heading: 'Changes to these terms',
          body: (
            <>
              <p>
                We may update these terms as the service changes or the law requires. When we do, we will change the "Last updated" date at
                the top of this page. For significant changes we will give reasonable notice on the site, or by e-mail, before they take
                effect.
              </p>
              <p>
                If you keep using RigRoast after the changes take effect, the new terms apply to you. If you do not agree with them, you can
                stop using the service and ask us to delete your account.
              </p>
            </>
          ),
        },
        {
          id: 'contact',
          heading: 'Contact',
          body: (
            <>
              <p>
                Questions about these terms, reports of content that breaks them, or appeals against a moderation decision can be sent to{' '}
                <a href="mailto:legal@rigroast.example">legal@rigroast.example</a>.
              </p>
              <p>
                For questions about your personal data, see the <Link to="/privacy-policy">Privacy Policy</Link>.
              </p>
            </>
          ),
        },
      ]}
    />
  );
}
