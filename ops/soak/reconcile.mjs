// The soak's reckoning, per company, against the database itself (straight to the company's PostgreSQL primary, not
// through PgBouncer or a server): every acknowledged write is there exactly once and whole, a refused one is not
// there, an unknown one is there whole or not at all, and the totals kept by triggers equal their rows.
import pg from 'pg';
import { CLUSTERS, DATABASE, DB_USER, primaryOf } from '../cluster/layout.mjs';
import { checkReports } from './reports.mjs';

const paise = (rupees) => Math.round(Number(rupees) * 100);
/** Map.groupBy (Node 21+), for Node 20. */
function groupBy(list, keyOf) {
  const groups = new Map();
  for (const item of list) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return groups;
}

/**
 * Where each company's schema lives: `{ tenantId: { schema, role, cluster } }`, from platform.tenants on A;
 * `cluster` is the code's name (`main` is A, `b` is B: layout.mjs primaryOf).
 */
export async function placements(client, tenantIds) {
  const columns = await client.query(
    "select column_name from information_schema.columns where table_schema = 'platform' and table_name = 'tenants'",
  );
  const hasCluster = columns.rows.some((r) => r.column_name === 'cluster');
  const { rows } = await client.query(
    `select tenant_id, db_name, db_username${hasCluster ? ', cluster' : ''} from platform.tenants where tenant_id = any($1)`,
    [tenantIds],
  );
  return Object.fromEntries(
    rows.map((r) => [r.tenant_id, { schema: r.db_name, role: r.db_username, cluster: r.cluster ?? 'main' }]),
  );
}

export function connect(clusterKey, dbPassword) {
  const cluster = CLUSTERS.find((c) => c.key === clusterKey && c.role === 'primary');
  if (!cluster) throw new Error(`Unknown cluster ${clusterKey}`);
  const client = new pg.Client({
    host: '127.0.0.1',
    port: cluster.port,
    user: DB_USER,
    password: dbPassword,
    database: DATABASE,
  });
  return client.connect().then(() => client);
}

/** The company's sales and receipts as stored, with what each is made of, read in one snapshot. */
async function readCompany(client, { schema, role }, ledger) {
  const s = `"${schema}"`;
  await client.query('begin isolation level repeatable read read only');
  try {
    await client.query(`set local role "${role}"`);
    const sales = await client.query(`
      select s.id, s.plot_id, s.status, s.payment_type, s.sale_amount_paise::bigint as amount,
             s.emi_total_paise::bigint as emi_total, s.emi_duration, s.buyer_name,
             count(i.id)::int as installments, coalesce(sum(i.amount_paise), 0)::bigint as installments_paise
      from ${s}.sales s left join ${s}.emi_installments i on i.sale_id = s.id
      group by s.id order by s.id`);
    const receipts = await client.query(`
      select r.id, r.plot_id, r.status, r.total_paise::bigint as total, r.receipt_no,
             count(l.id)::int as lines, coalesce(sum(l.amount_paise) filter (where l.voided_at is null), 0)::bigint as lines_paise,
             min(split_part(l.mode_detail, '#', 1)) as marker, count(distinct split_part(l.mode_detail, '#', 1))::int as markers
      from ${s}.receipts r left join ${s}.receipt_line_rows l on l.receipt_id = r.id
      group by r.id order by r.id`);
    const plotMoney = await client.query(`
      select m.plot_id, m.received_paise::bigint as kept,
             coalesce((select sum(r.total_paise) from ${s}.receipts r
                       join ${s}.sales a on a.id = r.sale_id and a.status = 'Active'
                       where r.plot_id = m.plot_id and r.status = 'Completed'), 0)::bigint as counted
      from ${s}.plot_money m`);
    // When each key of a write sent more than once was claimed (the claiming transaction's start).
    const retried = ledger.filter((e) => e.attempts > 1).map((e) => e.key);
    const keys = await client.query(
      `select right(key, 36) as key, created_at from ${s}.idempotency_keys where right(key, 36) = any($1)`,
      [retried],
    );
    return { sales: sales.rows, receipts: receipts.rows, plotMoney: plotMoney.rows, keys: keys.rows };
  } finally {
    await client.query('rollback');
  }
}

const asNumber = (row, ...keys) => {
  for (const k of keys) row[k] = Number(row[k]);
  return row;
};

/**
 * Holds one company's ledger (the writes of its clients) to its rows. Answers counts and the problems found, each a
 * plain sentence naming the write (its marker) or the row.
 */
export async function reconcileCompany(client, placement, ledger) {
  const data = await readCompany(client, placement, ledger);
  for (const r of data.sales) asNumber(r, 'amount', 'emi_total', 'installments_paise');
  for (const r of data.receipts) asNumber(r, 'total', 'lines_paise');
  const problems = [];
  const counts = {
    replayed: 0,
    acknowledged: 0,
    lost: 0,
    duplicated: 0,
    refusedPresent: 0,
    unknownPresent: 0,
    unknownAbsent: 0,
    half: 0,
  };
  const salesBy = groupBy(data.sales, (r) => (r.buyer_name ?? '').replace(/^Buyer /, ''));
  const receiptsBy = groupBy(data.receipts, (r) => r.marker ?? '');
  const seen = new Set();

  const hold = (entry, rows, whole) => {
    seen.add(entry.marker);
    if (rows.length > 1) {
      counts.duplicated += 1;
      problems.push(`${entry.marker}: stored ${rows.length} times (${entry.state})`);
    }
    if (entry.state === 'ack') {
      counts.acknowledged += 1;
      if (rows.length === 0) {
        counts.lost += 1;
        problems.push(`${entry.marker}: acknowledged (${entry.status}) but not stored`);
      }
    } else if (entry.state === 'refused' && rows.length > 0) {
      counts.refusedPresent += 1;
      problems.push(`${entry.marker}: refused (${entry.status}) but stored`);
    } else if (entry.state === 'unknown') counts[rows.length > 0 ? 'unknownPresent' : 'unknownAbsent'] += 1;
    for (const row of rows) {
      const wrong = whole(row);
      if (wrong) {
        counts.half += 1;
        problems.push(`${entry.marker}: stored but not whole: ${wrong}`);
      }
    }
  };

  for (const entry of ledger.filter((e) => e.op === 'sale')) {
    const b = entry.body;
    hold(entry, salesBy.get(entry.marker) ?? [], (row) => {
      if (entry.state === 'ack' && row.id !== entry.answer.saleId)
        return `sale ${row.id}, the answer said ${entry.answer.saleId}`;
      if (row.plot_id !== b.plotId || row.amount !== paise(b.saleAmount)) return `sale ${row.id} has other figures`;
      if (row.payment_type !== b.paymentType) return `sale ${row.id} is ${row.payment_type}`;
      if (b.paymentType === 'EMI') {
        const emiTotal = paise(b.saleAmount) - paise(b.advanceAmount);
        if (row.installments !== b.emiDuration)
          return `sale ${row.id} has ${row.installments} of ${b.emiDuration} installments`;
        if (row.installments_paise !== emiTotal || row.emi_total !== emiTotal)
          return `sale ${row.id}'s schedule sums to ${row.installments_paise} paise, not ${emiTotal}`;
      } else if (row.installments !== 0) return `cash sale ${row.id} has installments`;
      return null;
    });
  }

  for (const entry of ledger.filter((e) => e.op === 'receipt')) {
    const lines = entry.body.payments;
    const total = lines.reduce((sum, l) => sum + paise(l.amount), 0);
    hold(entry, receiptsBy.get(entry.marker) ?? [], (row) => {
      if (entry.state === 'ack' && row.id !== entry.answer.receiptId)
        return `receipt ${row.id}, the answer said ${entry.answer.receiptId}`;
      if (row.lines !== lines.length) return `receipt ${row.id} has ${row.lines} of ${lines.length} lines`;
      if (row.total !== total || row.lines_paise !== total)
        return `receipt ${row.id} totals ${row.total} (lines ${row.lines_paise}), not ${total}`;
      if (row.plot_id !== entry.body.plotId) return `receipt ${row.id} is on plot ${row.plot_id}`;
      const allowed = [entry.expectedStatus, entry.maybeStatus].filter(Boolean);
      if (entry.state === 'ack' && !allowed.includes(row.status))
        return `receipt ${row.id} is ${row.status}, expected ${allowed.join(' or ')}`;
      if ((row.status === 'Completed') !== (row.receipt_no !== null))
        return `receipt ${row.id} is ${row.status} with number ${row.receipt_no}`;
      return null;
    });
  }
  // A write sent again after no answer (or a 5xx) whose key was claimed before its last send: the first send had
  // committed, and the retry was answered from the stored reply instead of writing twice.
  const claimed = new Map(data.keys.map((k) => [k.key, k.created_at.getTime()]));
  counts.replayed = ledger.filter((e) => e.wasUnknown && e.state === 'ack' && claimed.get(e.key) < e.sentAt).length;
  counts.acknowledged += ledger.filter((e) => e.op === 'status' && e.state === 'ack').length;

  // Rows no client wrote, and the totals triggers keep against their rows.
  for (const [marker, rows] of [...salesBy, ...receiptsBy]) {
    if (!seen.has(marker)) problems.push(`${rows.length} row(s) marked "${marker}" that no client wrote`);
  }
  for (const row of data.receipts) {
    if (row.lines === 0) problems.push(`receipt ${row.id} has no lines`);
    if (row.markers > 1) problems.push(`receipt ${row.id} mixes the lines of ${row.markers} receipts`);
    if (row.total !== row.lines_paise)
      problems.push(`receipt ${row.id}: total ${row.total} ≠ Σ lines ${row.lines_paise}`);
  }
  const active = groupBy(
    data.sales.filter((s) => s.status === 'Active'),
    (s) => s.plot_id,
  );
  for (const [plot, sales] of active)
    if (sales.length > 1) problems.push(`plot ${plot} has ${sales.length} active sales`);
  for (const m of data.plotMoney) {
    if (Number(m.kept) !== Number(m.counted))
      problems.push(`plot_money of plot ${m.plot_id}: ${m.kept} ≠ Σ receipts ${m.counted}`);
  }
  const byStatus = (status) => data.receipts.filter((r) => r.status === status).reduce((s, r) => s + r.total, 0);
  const db = { completed: byStatus('Completed'), pending: byStatus('Pending'), cancelled: byStatus('Cancelled') };
  return { counts, problems, db, rows: { sales: data.sales.length, receipts: data.receipts.length } };
}

/** Every company's reckoning (`ledgers`: tenantId → its clients' writes), added up; closes the connections. */
export async function reckonAll({ base, companies, ledgers, dbA, dbPassword }) {
  const where = await placements(
    dbA,
    companies.map((c) => c.tenantId),
  );
  const connections = new Map([['main', dbA]]);
  const reckoning = { counts: {}, problems: [], rows: { sales: 0, receipts: 0 }, reportsChecked: 0, reportLines: 0 };
  for (const company of companies) {
    const placement = where[company.tenantId];
    if (!connections.has(placement.cluster))
      connections.set(placement.cluster, await connect(primaryOf(placement.cluster).key, dbPassword));
    const result = await reconcileCompany(connections.get(placement.cluster), placement, ledgers[company.tenantId]);
    for (const [k, v] of Object.entries(result.counts)) reckoning.counts[k] = (reckoning.counts[k] ?? 0) + v;
    reckoning.rows.sales += result.rows.sales;
    reckoning.rows.receipts += result.rows.receipts;
    const reports = await checkReports(base, company, result.db).catch((error) => ({
      problems: [error.message],
      checked: 0,
      lines: 0,
    }));
    reckoning.reportsChecked += reports.checked;
    reckoning.reportLines += reports.lines;
    const label = `${company.tenantId} (cluster ${placement.cluster})`;
    reckoning.problems.push(...[...result.problems, ...reports.problems].map((p) => `${label}: ${p}`));
  }
  for (const client of connections.values()) await client.end();
  return reckoning;
}
