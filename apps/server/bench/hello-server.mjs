// The baseline of the HTTP and start-up benches: a bare Fastify 5 hello-world, run with plain
// `node` in its own process exactly like the built server (same port/host variables, no logger).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
app.get('/hello', async () => ({ hello: 'world' }));

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3000) });
