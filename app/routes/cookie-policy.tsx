import { Link } from 'react-router';
import { LegalPage } from '~/components/legal-page';
import { pageMeta } from '~/utils/meta';

const cellClass = 'border-b border-line py-2 pr-4 align-top';

export const meta = () =>
  pageMeta('Cookie Policy', 'The cookies and the local storage entry RigRoast uses, why they are needed and how to control them.');

export default function CookiePolicy() {
  return (
    <LegalPage
      title="Cookie Policy"
      updated="23 November 2026"
      intro={
        <p>
          RigRoast uses as little browser storage as it can: a few cookies that the site needs in order to work and one local storage entry
          for the welcome tutorial. There is no advertising and no tracking. This page lists exactly what is stored and why. For everything
          else about your data, see our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      }
      sections={[
        {
          id: 'what-cookies-are',
          heading: 'What cookies are',
          body: (
            <p>
              Cookies are small text files that a website asks your browser to store and send back on later visits. They let a site remember
              things between pages, such as the fact that you are signed in. Cookies set by the site you are visiting are called first-party
              cookies; cookies set by other companies through that site are called third-party cookies. RigRoast sets only first-party
              cookies.
            </p>
          ),
        },
        {
          id: 'cookies-we-use',
          heading: 'Cookies we use',
          body: (
            <>
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr>
                      <th scope="col" className={cellClass}>
                        Cookie
                      </th>
                      <th scope="col" className={cellClass}>
                        Purpose
                      </th>
                      <th scope="col" className={cellClass}>
                        Lifetime
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    <tr>
                      <th scope="row" className={cellClass}>
                        Session
                      </th>
                      <td className={cellClass}>
                        Keeps you signed in. It holds only a random session id, is signed so it cannot be tampered with, and is marked
                        httpOnly so scripts on the page cannot read it.
                      </td>
                      <td className={cellClass}>30 days, renewed each time you visit; removed when you sign out.</td>
                    </tr>
                    <tr>
                      <th scope="row" className={cellClass}>
                        Toast
                      </th>
                      <td className={cellClass}>
                        Carries a one-time notification, such as "Build uploaded", to the next page after you submit a form.
                      </td>
                      <td className={cellClass}>Short-lived; removed once the message has been shown.</td>
                    </tr>
                    <tr>
                      <th scope="row" className={cellClass}>
                        Last change
                      </th>
                      <td className={cellClass}>
                        Only where RigRoast runs on several servers: a number marking your last change (a rating, a comment, an upload), so
                        the next page you see already shows it, whichever server answers. It says nothing about you.
                      </td>
                      <td className={cellClass}>One minute.</td>
                    </tr>
                  </tbody>
                </table>
              </div>
              <p>
                These cookies are <strong>strictly necessary</strong>: without them you could not stay signed in, see confirmation messages
                or see your own changes straight away. Because of that, the law does not require us to ask for your consent before setting
                them, and we do not show a cookie banner.
              </p>
            </>
          ),
        },
        {
          id: 'local-storage',
          heading: 'Local storage',
          body: (
            <>
              <p>
                Local storage is a small storage area in your browser, similar to a cookie but never sent to our server automatically. We
                use one entry:
              </p>
              <ul>
                <li>
                  <strong>hasSeenTutorial</strong> records that you have seen or dismissed the first-visit tutorial, so it does not pop up
                  every time. It stays until you clear your browser's site data.
                </li>
              </ul>
              <p>It contains no personal information and is not used to identify or track you.</p>
            </>
          ),
        },
        {
          id: 'no-tracking',
          heading: 'No tracking or advertising cookies',
          body: (
            <>
              <p>RigRoast does not use:</p>
              <ul>
                <li>advertising cookies or ad networks;</li>
                <li>analytics, tracking pixels or other third-party trackers;</li>
                <li>third-party fonts, scripts or content delivery networks that could see your visit.</li>
              </ul>
              <p>Every part of the page you see is served from the operator's own server.</p>
            </>
          ),
        },
        {
          id: 'third-party-sites',
          heading: 'Third-party sites',
          body: (
            <p>
              The share buttons for Facebook, X (Twitter) and LinkedIn are ordinary links. They load nothing from those sites and send them
              nothing while you browse RigRoast. Only when you click one do you visit that site, and from then on its own cookie and privacy
              policies apply. The same is true of any other link that takes you away from RigRoast.
            </p>
          ),
        },
        {
          id: 'managing-cookies',
          heading: 'Managing cookies',
          body: (
            <>
              <p>
                You can view, block or delete cookies and local storage in your browser's settings; your browser's help pages explain how.
                Keep in mind that:
              </p>
              <ul>
                <li>if you block or delete the session cookie, you will not be able to stay signed in;</li>
                <li>if you block the toast cookie, you will miss some confirmation messages;</li>
                <li>if you clear local storage, the tutorial will be shown again on your next visit.</li>
              </ul>
              <p>Signing out removes the session cookie and ends the session on our server.</p>
            </>
          ),
        },
        {
          id: 'changes',
          heading: 'Changes to this policy',
          body: (
            <p>
              If we add, remove or change a cookie or local storage entry, we will update this page and the "Last updated" date at the top.
              We will not add advertising or tracking cookies without telling you first and, where the law requires it, asking for your
              consent.
            </p>
          ),
        },
        {
          id: 'contact',
          heading: 'Contact',
          body: (
            <p>
              Questions about cookies or this policy can be sent to <a href="mailto:privacy@rigroast.example">privacy@rigroast.example</a>.
            </p>
          ),
        },
      ]}
    />
  );
}
