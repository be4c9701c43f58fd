import type { AdviceVerdict, PartChanges } from '~/domain/glow-ups';

/**
 * What the roast of a glow-up (decision 028) knows of the build it follows: that build's
 * roast and advice, what changed in the confirmed parts list, and whether the owner did
 * what the advice said. Both roasters take it: the Ollama prompt as data, the built-in
 * roaster as a sentence of its own.
 */
export type EarlierRoast = {
  roast: string;
  advice: readonly string[];
  changes: PartChanges;
  verdict: AdviceVerdict;
};

/** The part the owner put in for one the advice named ("RX 7800 XT" for the advised "RTX 3060"), or null when it was only removed. */
export function replacementOf(earlier: EarlierRoast, advised: string): string | null {
  const key = advised.trim().toLowerCase();
  return earlier.changes.replaced.find((change) => change.from.trim().toLowerCase() === key)?.to ?? null;
}

/** The advised part the owner acted on (replaced first, else removed), for a 'listened' verdict. */
export function partActedOn(earlier: EarlierRoast): { advised: string; replacement: string | null } | null {
  const gone = new Set(
    [...earlier.changes.replaced.map((change) => change.from), ...earlier.changes.removed.map((part) => part.name)].map((name) =>
      name.trim().toLowerCase(),
    ),
  );
  const acted = earlier.verdict.advised.filter((name) => gone.has(name.trim().toLowerCase()));
  const replaced = acted.find((name) => replacementOf(earlier, name) !== null);
  const advised = replaced ?? acted[0];
  return advised === undefined ? null : { advised, replacement: replacementOf(earlier, advised) };
}
