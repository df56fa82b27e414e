/**
 * The baseline of bench/framework-overhead.ts: Fastify with no plugin, no hook, no logger and no schema, one
 * route answering the same JSON as GET /api/auth/me. Run as its own process: PORT=… node --import tsx bench/lib/bare-server.ts
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = {
  success: true,
  data: {
    user: {
      id: 1,
      name: 'Administrador Bench',
      email: 'bench@ips.local',
      role: 'admin',
      must_change_password: false,
    },
    session: { id: '00000000-0000-4000-8000-000000000000', expires_at: new Date().toISOString() },
  },
};
app.get('/bare', async () => body);
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
