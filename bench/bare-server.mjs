// The baseline server: a bare Fastify app with one route, run with plain `node` (no tsx, no database).
// Whatever the real app costs beyond this is its own (TypeScript loading, PGlite, Better Auth, plugins).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));

process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
