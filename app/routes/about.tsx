import { UploadOrBrowse } from '~/components/upload-or-browse';
import { pageMeta } from '~/utils/meta';

export const meta = () =>
  pageMeta(
    'About',
    'RigRoast is a community where gamers upload their PC builds, get roasted by AI, rate each other ' + 'and climb the leaderboards.',
  );

const features = [
  {
    title: 'Upload your rig',
    text: 'Snap your battlestation and drop the photo in. We strip the hidden metadata, GPS included, before ' + 'anyone else sees it.',
  },
  {
    title: 'AI roasts',
    text:
      'An AI looks at your build and writes a roast about it. The cable spaghetti, the lonely RAM stick, ' +
      'the RGB doing all the heavy lifting: nothing is safe.',
  },
  {
    title: 'Rate and comment',
    text:
      'Give builds one to five stars and have your say in the comments. Reply to other members, and to the ' +
      'AI when it chimes in; its comments are always labelled.',
  },
  {
    title: 'Leaderboards and competitions',
    text:
      'Top-rated builds climb daily, weekly, monthly and all-time leaderboards. Time-limited competitions ' +
      'add a theme, a deadline and bragging rights.',
  },
];

const steps = [
  {
    title: 'Upload',
    text: 'Sign in with your e-mail, give your build a title and upload a photo of it. No password required.',
  },
  {
    title: 'AI analysis',
    text:
      'Your photo gets a quick safety check, then the AI sizes up your hardware, spots every questionable ' +
      'choice and writes its roast.',
  },
  {
    title: 'Community feedback',
    text: 'Other members rate your build and pile into the comments. Take the heat, fire back and roast a few ' + 'builds yourself.',
  },
  {
    title: 'Climb the ranks',
    text: 'Every rating counts towards the leaderboards. Enter competitions, earn achievements and see how ' + 'your rig stacks up.',
  },
];

export default function About() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="display text-3xl sm:text-5xl">
          About <span className="text-gradient">RigRoast</span>
        </h1>
        <p className="mt-4 text-lg text-ink">The place where gamers show off their PC builds and get lovingly torn apart for it.</p>
      </header>

      <section aria-labelledby="mission-heading" className="mt-12 max-w-3xl">
        <h2 id="mission-heading" className="display text-xl sm:text-2xl">
          Our mission
        </h2>
        <div className="mt-4 space-y-4 leading-relaxed text-muted">
          <p>
            Every build tells a story: the late-night cable management sessions, the GPU you saved up for months to buy, the case fans that
            glow like a small nightclub. RigRoast exists to celebrate those builds by doing what friends do best, roasting them.
          </p>
          <p>
            We want a community where the jokes are about the hardware, never the person, and where a brutal roast and a five-star rating
            can land on the same build. Bring your best rig (or your worst), take the heat and have fun with fellow builders.
          </p>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mt-14">
        <h2 id="features-heading" className="display text-xl sm:text-2xl">
          What you can do
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {features.map((feature) => (
            <li key={feature.title} className="panel p-6">
              <h3 className="text-lg font-bold text-ink">{feature.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-heading" className="mt-14">
        <h2 id="how-heading" className="display text-xl sm:text-2xl">
          How it works
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step.title} className="panel flex gap-5 p-6">
              <span aria-hidden="true" className="display text-gradient text-4xl leading-none sm:text-5xl">
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-bold text-ink">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="cta-heading" className="panel mt-14 p-8 text-center sm:p-10">
        <h2 id="cta-heading" className="display text-2xl sm:text-3xl">
          Ready to get <span className="text-gradient">roasted</span>?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">
          Show the world your rig and find out what the AI, and everyone else, really thinks of it.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <UploadOrBrowse browseLabel="Browse the gallery" />
        </div>
      </section>
    </div>
  );
}
