import { readFileSync } from 'node:fs';
import path from 'node:path';
import { definitionOf } from '@core/game-definitions';
import { projectRoot } from '../../paths';
import { normaliseForDuplicates, type PlacedItem } from './duplicates';

/**
 * Same idea, other words (docs/content.md#same-idea-other-words): a reviewed list of wordings that ask the same thing
 * without sharing enough words for the near-duplicate rule to see it ("Which song makes you think of us?" and "Which
 * songs belong on the soundtrack of our relationship?"). Two wordings of one group may not both be in the library.
 */

/** Each group a set of wordings of one idea: a question's text, or a dilemma's two sides as "option a / option b". */
export type SameIdeaGroups = string[][];

/** The list beside this file. Read by the tests and `npm run content:check`, not by the loader (a deploy has no server/ sources). */
export const sameIdeaFile = path.join(projectRoot, 'server/modules/content/same-idea.json');

/** The reviewed groups: `{ "groups": [["wording", "other wording"], …] }`. */
export function readSameIdea(file: string = sameIdeaFile): SameIdeaGroups {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { groups?: unknown };
  const groups = parsed.groups;
  if (!Array.isArray(groups) || !groups.every((g) => Array.isArray(g) && g.every((t) => typeof t === 'string'))) {
    throw new Error(`${file}: expected { "groups": [["wording", "other wording"], ...] }`);
  }
  return groups as SameIdeaGroups;
}

/** A wording as it is compared: normalised as for duplicates; a dilemma's two sides in either order. */
export const sameIdeaKey = (text: string) =>
  text
    .split(' / ')
    .map(normaliseForDuplicates)
    .sort()
    .join(' / ');

/** The list's own faults: a group of fewer than two wordings, a wording twice in the list. */
export function sameIdeaListProblems(groups: SameIdeaGroups): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  groups.forEach((group, g) => {
    if (group.length < 2) problems.push(`same-idea.json, group ${g + 1}: fewer than two wordings`);
    for (const text of group) {
      const key = sameIdeaKey(text);
      const first = seen.get(key);
      if (first === g) problems.push(`same-idea.json, group ${g + 1}: "${text}" twice`);
      else if (first !== undefined) problems.push(`same-idea.json: "${text}" is in group ${first + 1} and again in group ${g + 1}`);
      else seen.set(key, g);
    }
  });
  return problems;
}

/**
 * Two wordings of one group both in the library, as "same idea in other words (same-idea.json, group N): place:
 * text ≈ place: text". A question is compared by its text, a dilemma by its two sides, any other item by its identity.
 */
export function findSameIdeas(items: PlacedItem[], groups: SameIdeaGroups): string[] {
  const where = new Map<string, string>();
  for (const { game, where: place, item } of items) {
    const text = definitionOf(game).content.identity(item);
    const key = sameIdeaKey(text);
    if (!where.has(key)) where.set(key, `${place}: ${text}`);
  }
  return groups.flatMap((group, g) => {
    const present = [...new Set(group.map(sameIdeaKey))].flatMap((key) => where.get(key) ?? []);
    return present.length > 1 ? [`same idea in other words (same-idea.json, group ${g + 1}): ${present.join(' ≈ ')}`] : [];
  });
}
