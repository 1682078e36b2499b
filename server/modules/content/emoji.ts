import { normaliseForDuplicates } from './duplicates';
import { EMOJI_VERSION, isAllowedEmoji, isTextByDefault } from './emoji-table';

const ZWJ = 0x200d;
const VS16 = 0xfe0f;
const KEYCAP = 0x20e3;
const isSkinTone = (cp: number) => cp >= 0x1f3fb && cp <= 0x1f3ff;
const isRegionalIndicator = (cp: number) => cp >= 0x1f1e6 && cp <= 0x1f1ff;
const isKeycapBase = (cp: number) => (cp >= 0x30 && cp <= 0x39) || cp === 0x23 || cp === 0x2a;

/** Emoji that show letters, words or numbers: what a player reads in them. */
const READS_AS: Record<number, string> = {
  0x1f170: 'a',
  0x1f171: 'b',
  0x1f17e: 'o',
  0x1f17f: 'p',
  0x24c2: 'm',
  0x2139: 'i',
  0x1f18e: 'ab',
  0x1f191: 'cl',
  0x1f192: 'cool',
  0x1f193: 'free',
  0x1f194: 'id',
  0x1f195: 'new',
  0x1f196: 'ng',
  0x1f197: 'ok',
  0x1f198: 'sos',
  0x1f199: 'up',
  0x1f19a: 'vs',
  0x1f51f: '10',
  0x1f4af: '100',
  0x1f51d: 'top',
  0x1f519: 'back',
  0x1f51a: 'end',
  0x1f51b: 'on',
  0x1f51c: 'soon',
  0x1f3e7: 'atm',
  0x1f6be: 'wc',
  0x2122: 'tm',
};

const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(' ');

const show = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')} ${String.fromCodePoint(cp)}`;

/**
 * What is wrong with an emoji sequence (docs/content.md#emoji): a code point that is not an emoji of Emoji 13.1, a
 * text-default emoji without VS16, a stray joiner or half a flag; and, against the film's titles, plain letters or an
 * emoji that spells a word or number of the title.
 */
export function emojiProblems(sequence: string, titles: string[]): string[] {
  const cps = Array.from(sequence, (c) => c.codePointAt(0)!);
  const problems: string[] = [];
  const reads: string[] = [];
  let keycapNumber = '';
  const endNumber = () => {
    if (keycapNumber) reads.push(keycapNumber);
    keycapNumber = '';
  };
  let flagHalf = false;
  cps.forEach((cp, i) => {
    const next = cps[i + 1];
    if (isRegionalIndicator(cp)) flagHalf = !flagHalf;
    else if (flagHalf) {
      problems.push(`half a flag before ${show(cp)}`);
      flagHalf = false;
    }
    if (cp === VS16 || cp === KEYCAP) return;
    if (cp === ZWJ) {
      if (i === 0 || next === undefined || next === ZWJ) problems.push('a zero-width joiner that joins nothing');
      return;
    }
    if (cp < 0x80) {
      if (isKeycapBase(cp) && next === VS16 && cps[i + 2] === KEYCAP) {
        keycapNumber += String.fromCodePoint(cp);
        return;
      }
      problems.push(/[A-Za-z]/.test(String.fromCodePoint(cp)) ? `plain letters ('${String.fromCodePoint(cp)}')` : `plain text ('${String.fromCodePoint(cp)}')`);
      return;
    }
    endNumber();
    if (!isAllowedEmoji(cp)) {
      problems.push(`${show(cp)} is not an emoji of Emoji ${EMOJI_VERSION}`);
      return;
    }
    if (isTextByDefault(cp) && next !== VS16 && !(next !== undefined && isSkinTone(next))) problems.push(`${show(cp)} shows as text without VS16 (U+FE0F) after it`);
    if (READS_AS[cp]) reads.push(READS_AS[cp]);
  });
  endNumber();
  if (flagHalf) problems.push('half a flag at the end');

  const titleWords = new Set(titles.flatMap((t) => normaliseForDuplicates(t).split(' ')));
  for (const word of reads) {
    const spelled = /^\d+$/.test(word) ? [word, NUMBER_WORDS[Number(word)]] : [word];
    if (spelled.some((w) => w && titleWords.has(w))) problems.push(`reveals '${word}' of the title in plain text`);
  }
  return problems;
}
