/**
 * The emoji a sequence may use: Emoji 13.1 (2020), which iOS 14.5+, macOS 11.3+, Android 12+ (its code points from
 * Android 11), Windows 11 and Noto Color Emoji all draw. 13.1 added sequences only, so its code points are Emoji 13.0's.
 *
 * Derived from Unicode's emoji-data.txt (Debian's unicode-data package: /usr/share/unicode/emoji/emoji-data.txt): the
 * code points with the `Emoji` property whose version comment is E0.0 to E13.1, less ASCII (#, *, 0–9), and among them
 * those without `Emoji_Presentation` (shown as text unless followed by VS16). Hex code points, "a-b" for a range.
 * docs/content.md#emoji says how to move to a later version.
 */
export const EMOJI_VERSION = '13.1';

const EMOJI_13_1 =
  'a9 ae 203c 2049 2122 2139 2194-2199 21a9-21aa 231a-231b 2328 23cf 23e9-23f3 23f8-23fa 24c2 25aa-25ab 25b6 25c0 25fb-25fe 2600-2604 260e 2611 2614-2615 ' +
  '2618 261d 2620 2622-2623 2626 262a 262e-262f 2638-263a 2640 2642 2648-2653 265f-2660 2663 2665-2666 2668 267b 267e-267f 2692-2697 2699 269b-269c ' +
  '26a0-26a1 26a7 26aa-26ab 26b0-26b1 26bd-26be 26c4-26c5 26c8 26ce-26cf 26d1 26d3-26d4 26e9-26ea 26f0-26f5 26f7-26fa 26fd 2702 2705 2708-270d 270f 2712 ' +
  '2714 2716 271d 2721 2728 2733-2734 2744 2747 274c 274e 2753-2755 2757 2763-2764 2795-2797 27a1 27b0 27bf 2934-2935 2b05-2b07 2b1b-2b1c 2b50 2b55 3030 ' +
  '303d 3297 3299 1f004 1f0cf 1f170-1f171 1f17e-1f17f 1f18e 1f191-1f19a 1f1e6-1f1ff 1f201-1f202 1f21a 1f22f 1f232-1f23a 1f250-1f251 1f300-1f321 ' +
  '1f324-1f393 1f396-1f397 1f399-1f39b 1f39e-1f3f0 1f3f3-1f3f5 1f3f7-1f4fd 1f4ff-1f53d 1f549-1f54e 1f550-1f567 1f56f-1f570 1f573-1f57a 1f587 1f58a-1f58d ' +
  '1f590 1f595-1f596 1f5a4-1f5a5 1f5a8 1f5b1-1f5b2 1f5bc 1f5c2-1f5c4 1f5d1-1f5d3 1f5dc-1f5de 1f5e1 1f5e3 1f5e8 1f5ef 1f5f3 1f5fa-1f64f 1f680-1f6c5 ' +
  '1f6cb-1f6d2 1f6d5-1f6d7 1f6e0-1f6e5 1f6e9 1f6eb-1f6ec 1f6f0 1f6f3-1f6fc 1f7e0-1f7eb 1f90c-1f93a 1f93c-1f945 1f947-1f978 1f97a-1f9cb 1f9cd-1f9ff ' +
  '1fa70-1fa74 1fa78-1fa7a 1fa80-1fa86 1fa90-1faa8 1fab0-1fab6 1fac0-1fac2 1fad0-1fad6';

const TEXT_BY_DEFAULT =
  'a9 ae 203c 2049 2122 2139 2194-2199 21a9-21aa 2328 23cf 23ed-23ef 23f1-23f2 23f8-23fa 24c2 25aa-25ab 25b6 25c0 25fb-25fc 2600-2604 260e 2611 2618 261d ' +
  '2620 2622-2623 2626 262a 262e-262f 2638-263a 2640 2642 265f-2660 2663 2665-2666 2668 267b 267e 2692 2694-2697 2699 269b-269c 26a0 26a7 26b0-26b1 26c8 ' +
  '26cf 26d1 26d3 26e9 26f0-26f1 26f4 26f7-26f9 2702 2708-2709 270c-270d 270f 2712 2714 2716 271d 2721 2733-2734 2744 2747 2763-2764 27a1 2934-2935 ' +
  '2b05-2b07 3030 303d 3297 3299 1f170-1f171 1f17e-1f17f 1f202 1f237 1f321 1f324-1f32c 1f336 1f37d 1f396-1f397 1f399-1f39b 1f39e-1f39f 1f3cb-1f3ce ' +
  '1f3d4-1f3df 1f3f3 1f3f5 1f3f7 1f43f 1f441 1f4fd 1f549-1f54a 1f56f-1f570 1f573-1f579 1f587 1f58a-1f58d 1f590 1f5a5 1f5a8 1f5b1-1f5b2 1f5bc 1f5c2-1f5c4 ' +
  '1f5d1-1f5d3 1f5dc-1f5de 1f5e1 1f5e3 1f5e8 1f5ef 1f5f3 1f5fa 1f6cb 1f6cd-1f6cf 1f6e0-1f6e5 1f6e9 1f6f0 1f6f3';

function parseRanges(table: string): [number, number][] {
  return table.split(' ').map((token) => {
    const [a, b = a] = token.split('-');
    return [parseInt(a, 16), parseInt(b, 16)];
  });
}

const inRanges = (ranges: [number, number][]) => (cp: number) => ranges.some(([a, b]) => cp >= a && cp <= b);

/** Whether a code point is an emoji of Emoji 13.1 (ASCII keycap bases aside). */
export const isAllowedEmoji = inRanges(parseRanges(EMOJI_13_1));
/** Whether a code point shows as text unless VS16 follows it (✈ vs ✈️). */
export const isTextByDefault = inRanges(parseRanges(TEXT_BY_DEFAULT));
