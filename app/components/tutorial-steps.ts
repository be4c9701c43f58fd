import { ChatIcon, FlameIcon, StarIcon, TrophyIcon, UploadIcon } from '~/components/icons';

/** The five steps of the first-visit tutorial (docs/product.md §2): welcome, upload, rate, comment, leaderboards. */
export const tutorialSteps = [
  {
    icon: FlameIcon,
    title: 'Welcome to RigRoast',
    body: 'This is where battle stations get judged. Show off your PC, let our AI roast it, and find out what the community really thinks.',
  },
  {
    icon: UploadIcon,
    title: 'Upload your rig',
    body: 'Snap a clear photo of your build, give it a title and deploy it. A JPG, PNG, GIF or WebP up to 10MB does the job.',
  },
  {
    icon: StarIcon,
    title: 'Rate the competition',
    body: 'Give other builds one to five stars. Every rating counts towards the leaderboards, so be fair — and be brutal.',
  },
  {
    icon: ChatIcon,
    title: 'Join the banter',
    body: 'Comment on builds and reply to other members. Roast the hardware, never the person behind it.',
  },
  {
    icon: TrophyIcon,
    title: 'Climb the leaderboards',
    body: 'The best-rated builds rank today, this week, this month and of all time. Deploy your rig and dominate.',
  },
] as const;
