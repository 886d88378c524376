// The floor for P3 on this machine: a bare Fastify route that makes a save's two round trips (the
// session with the application and its steps, one statement writing the step and the progress) on the
// same PostgreSQL, with none of the product's checks. Started by saves.ts in its own process.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(`
  create table floor_sessions (id text primary key, member_id int not null);
  create table floor_applications (id int primary key, member_id int not null, fill_step int);
  create table floor_steps (application_id int, step text, payload jsonb, primary key (application_id, step));
  insert into floor_sessions select 's' || g, g from generate_series(1, 1000) g;
  insert into floor_applications select g, g, 0 from generate_series(1, 1000) g;`);

const app = Fastify();
app.post('/save', async (request) => {
  const application = await pool.query(
    'select a.id, s.step, s.payload from floor_sessions session join floor_applications a on a.member_id = session.member_id left join floor_steps s on s.application_id = a.id where session.id = $1',
    [request.headers.cookie ?? ''],
  );
  const id = application.rows[0]?.id ?? 1;
  await pool.query(
    `with saved as (insert into floor_steps values ($1, 'investment', $2) on conflict (application_id, step) do update set payload = excluded.payload)
     update floor_applications set fill_step = 3 where id = $1`,
    [id, request.body],
  );
  return { success: true, code: '0', data: { saved: true } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
