// The reactions to a roast (🔥 landed, 🥱 missed) and their counts as a build page shows them.

export const ROAST_REACTIONS = ['landed', 'missed'] as const;
export type RoastReaction = (typeof ROAST_REACTIONS)[number];

export type RoastReactions = { landed: number; missed: number; mine: RoastReaction | null };
