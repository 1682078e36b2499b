/**
 * Paint first, then fetch the code (docs/decisions/047-paint-before-fetching-code.md): a prerendered page is whole
 * without its JavaScript, so its scripts are requested once the page has painted (the frame after the first), not
 * beside the stylesheet, whose bytes they would share a slow link with. The same few lines on every page, so the
 * Content-Security-Policy lists one hash (server/http/inline-scripts.ts); the root element names the scripts, and the
 * server adds the page's own chunks to `data-preload` (server/http/preload.ts).
 */
export const SCRIPT_LOADER = [
  // A form sent before the page runs is held, not sent the browser's way, and sent once hydrated (web/app/early-submit.ts).
  // Held from React too: while it hydrates it listens already, and a submit it handled then would be sent twice.
  '(function(){var d=document,w=window,r=d.getElementById("root").dataset,n=0;',
  'w.__tq=function(e){e.preventDefault();e.stopPropagation();w.__ts=e.target};d.addEventListener("submit",w.__tq,true);',
  // No '<' anywhere in it, so nothing in it can end the inline script early (server/http/preload.test.ts reads it so).
  // The entry first; then the page's chunks, a few per task: each request a link starts costs the main thread a
  // little, and two dozen at once made one long task (docs/decisions/050-public-pages-run-less.md).
  'function g(){if(n++)return;',
  'var s=d.createElement("script");s.type="module";s.src=r.entry;d.head.append(s);',
  'var p=(r.preload||"").split(" ").filter(Boolean);(function b(i){',
  'p.slice(i,i+6).forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.append(l)});',
  'if(p.length>i+6)setTimeout(b,0,i+6)})(0)}',
  'requestAnimationFrame(function(){setTimeout(g)});setTimeout(g,500)})()',
].join('');
