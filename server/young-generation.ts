import v8 from 'node:v8';

/**
 * V8's young generation stays at its first size (1 MB semi-spaces) instead of doubling up to 16 MB while the app
 * starts and keeping them for the life of the process: about 20 MB of the idle RSS in local mode
 * (docs/decisions/042-local-mode-memory.md). `--max-semi-space-size` would cap it too, but only on Node's command
 * line; this flag is read each time the space would grow, so the process sets it on itself, first thing. Flags hold
 * for the whole process: PGlite's thread gets it too.
 */
v8.setFlagsFromString('--semi-space-growth-factor=1');
