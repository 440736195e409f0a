import pg from 'pg';
const [, , db, sql] = process.argv;
const c = new pg.Client({ connectionString: `postgres://postgres:554ffc98bd18d3371490e7ad00731b308078dff8d713f4ae@127.0.0.1:41631/${db}` });
await c.connect();
const r = await c.query(sql);
for (const row of r.rows) console.log(Object.values(row).join(' | '));
await c.end();
