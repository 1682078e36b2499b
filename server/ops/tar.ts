import { createReadStream, type Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * A folder as a ustar stream, in the layout of PGlite's own `dumpDataDir` (names from the folder's root with a
 * leading slash, directories as entries), so that PGlite's `loadDataDir` opens a backup as it opens its own dumps
 * (docs/decisions/038-backups.md). Only files and directories: a PostgreSQL folder holds nothing else.
 */
const BLOCK = 512;

function header(name: string, { size, mode, mtimeMs, dir }: { size: number; mode: number; mtimeMs: number; dir: boolean }): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    // ustar: up to 155 bytes of the path's folders in `prefix`, the rest in `name`.
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`A path too long for a tar entry: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0');
  block.write(base, 0, 100, 'utf8');
  block.write(octal(mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii'); // uid
  block.write(octal(0, 8), 116, 'ascii'); // gid
  block.write(octal(dir ? 0 : size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtimeMs / 1000), 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii'); // the checksum counts its own field as spaces
  block.write(dir ? '5' : '0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${octal(sum, 7)}\u0000 `, 148, 'ascii');
  return block;
}

async function* entries(root: string, dir: string): AsyncGenerator<{ file: string; name: string; dirent: Dirent }> {
  const listed = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const dirent of listed) {
    const file = path.join(dir, dirent.name);
    yield { file, name: `/${path.relative(root, file).split(path.sep).join('/')}`, dirent };
    if (dirent.isDirectory()) yield* entries(root, file);
  }
}

/** The tar of `root`'s contents, chunk by chunk; read with backpressure (`Readable.from(tarFolder(…))`). */
export async function* tarFolder(root: string): AsyncGenerator<Buffer> {
  for await (const { file, name, dirent } of entries(root, root)) {
    if (!dirent.isDirectory() && !dirent.isFile()) throw new Error(`Not a file or a folder, cannot be backed up: ${file}`);
    const info = await stat(file);
    yield header(name, { size: info.size, mode: info.mode, mtimeMs: info.mtimeMs, dir: dirent.isDirectory() });
    if (dirent.isDirectory()) continue;
    let sent = 0;
    // The snapshot is a private copy (or a folder no process has open): its sizes do not change while it is read.
    for await (const chunk of createReadStream(file)) {
      sent += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    if (sent !== info.size) throw new Error(`${file} changed while it was read`);
    if (sent % BLOCK) yield Buffer.alloc(BLOCK - (sent % BLOCK));
  }
  yield Buffer.alloc(BLOCK * 2); // the end of the archive
}
