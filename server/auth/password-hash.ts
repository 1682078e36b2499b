/** argon2id at OWASP's minimum: 19 MiB, 2 iterations, parallelism 1. */
const options = { algorithm: 2 as const, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

/** The native addon is opened on the first sign-up or sign-in, not at every start (docs/performance.md). */
const argon2 = () => import('@node-rs/argon2');

export const hashPassword = async (password: string) => (await argon2()).hash(password, options);

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  return (await argon2()).verify(stored, password);
}
