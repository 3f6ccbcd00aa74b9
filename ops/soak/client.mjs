// One soak client: a signed-in user of one company who, until `until`, sells plots, takes receipts (UPI/RTGS saved
// Completed; cheques saved Pending and later cleared or bounced), reads the board, the dashboard and reports and
// downloads exports. Every write carries an Idempotency-Key and is written in the client's ledger: acknowledged
// (a 2xx), refused (a 4xx: nothing written), or unknown (no answer or a 5xx). An unknown write is sent again with the
// same key (that is what the keys are for) until its answer is known or the tries run out; what is still unknown
// when the chaos ends is tried once more by `settleUnknown`.
import { randomUUID } from 'node:crypto';
import { call, clientAgent, json } from './http.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const between = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));
/** Today in India, as the server dates a sale and a receipt. */
const indiaToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

const MIX = [
  ['sale', 12],
  ['receipt', 18],
  ['cheque', 10],
  ['clear', 8],
  ['board', 18],
  ['dashboard', 8],
  ['receiptsReport', 8],
  ['plotReport', 5],
  ['monthReport', 4],
  ['salesList', 5],
  ['export', 4],
];
const MIX_TOTAL = MIX.reduce((s, [, w]) => s + w, 0);
function nextAction() {
  let r = Math.random() * MIX_TOTAL;
  for (const [action, weight] of MIX) {
    r -= weight;
    if (r < 0) return action;
  }
  return 'board';
}

export class SoakClient {
  constructor({ base, company, index, user }) {
    this.base = base;
    this.company = company;
    this.name = `c${String(index).padStart(2, '0')}`;
    this.token = company.tokens[user];
    // The two users of a company sell different plots, so neither is refused a plot the other sold.
    this.unsold = company.plotIds.filter((_, i) => i % 2 === user).sort(() => Math.random() - 0.5);
    this.sold = [];
    this.pendingCheques = [];
    this.ledger = [];
    this.seq = 0;
    this.agent = clientAgent();
    this.boardTag = null;
    this.reads = { ok: 0, failed: 0, exportsChecked: 0 };
  }

  request(kind, options) {
    const o = { host: this.company.host, token: this.token, agent: this.agent, kind, ...options };
    return call(this.base, o);
  }

  /** Sends one write until its fate is known (at most `tries` times, the same key each time); records it. */
  async write(entry, { tries = 8 } = {}) {
    this.ledger.push(entry);
    await this.send(entry, tries);
    return entry;
  }

  async send(entry, tries) {
    for (let attempt = 0; attempt < tries; attempt++) {
      if (attempt > 0) await sleep(Math.min(500 * 2 ** (attempt - 1), 5000));
      entry.sentAt = Date.now();
      const answer = await this.request(entry.kind, {
        method: entry.method,
        path: entry.path,
        body: entry.body,
        headers: { 'idempotency-key': entry.key },
      });
      entry.attempts = (entry.attempts ?? 0) + 1;
      if (answer.unknown) {
        entry.state = 'unknown';
        entry.wasUnknown = true;
        entry.lastOutcome = answer.outcome;
        continue;
      }
      entry.state = answer.status < 300 ? 'ack' : 'refused';
      entry.status = answer.status;
      entry.answer = json(answer);
      // A deadlock or serialization failure (409 "… Please try again."): rolled back, key and all; a user tries again.
      if (answer.status === 409 && /try again/i.test(entry.answer?.message ?? '') && attempt < tries - 1) {
        entry.conflicts = (entry.conflicts ?? 0) + 1;
        continue;
      }
      if (entry.wasUnknown) entry.settledByRetry = true;
      return;
    }
  }

  async sell() {
    const plotId = this.unsold.pop();
    if (plotId === undefined) return this.receipt('Completed');
    const n = ++this.seq;
    const marker = `soak-${this.name}-s${n}`;
    const amount = between(5, 20) * 100_000;
    const emi = Math.random() < 0.5;
    const body = {
      projectId: this.company.projectId,
      plotId,
      saleAmount: amount,
      paymentType: emi ? 'EMI' : 'Cash',
      buyerName: `Buyer ${marker}`,
    };
    if (emi) {
      const today = indiaToday();
      Object.assign(body, {
        advanceAmount: amount / 10,
        emiDuration: between(6, 36),
        emiDate: `${today.slice(0, 7)}-28`,
      });
    }
    const entry = await this.write({
      op: 'sale',
      kind: 'POST sale',
      method: 'POST',
      path: '/api/sale',
      key: randomUUID(),
      body,
      marker,
      plotId,
    });
    if (entry.state === 'ack') this.sold.push({ plotId, saleId: entry.answer.saleId });
    else if (entry.state === 'refused') this.unsold.unshift(plotId);
  }

  async receipt(status) {
    if (this.sold.length === 0) return this.sell();
    const { plotId } = pick(this.sold);
    const n = ++this.seq;
    const marker = `soak-${this.name}-r${n}`;
    const cheque = status === 'Pending';
    const payments = Array.from({ length: between(1, 3) }, (_, line) => ({
      particular: line === 0 ? 'Advance' : 'Installment',
      date: indiaToday(),
      mode: cheque ? 'Cheque' : pick(['UPI', 'RTGS', 'Bank Transfer']),
      modeDetail: `${marker}#${line}`,
      amount: between(50_000, 500_000) / 100,
      partnerId: pick(this.company.partnerIds),
    }));
    const body = { projectId: this.company.projectId, plotId, status, payments };
    const entry = await this.write({
      op: 'receipt',
      kind: 'POST receipt',
      method: 'POST',
      path: '/api/payment',
      key: randomUUID(),
      body,
      marker,
      plotId,
    });
    entry.expectedStatus = status;
    if (entry.state === 'ack' && cheque) this.pendingCheques.push(entry);
  }

  async clear() {
    const cheque = this.pendingCheques.shift();
    if (!cheque) return this.board();
    const to = Math.random() < 0.85 ? 'Completed' : 'Cancelled';
    const id = cheque.answer.receiptId;
    const entry = await this.write({
      op: 'status',
      kind: 'PUT status',
      method: 'PUT',
      path: `/api/payment/${id}/status`,
      key: randomUUID(),
      body: { status: to },
      receiptId: id,
      cheque,
    });
    if (entry.state === 'ack') cheque.expectedStatus = to;
    else if (entry.state === 'unknown') cheque.maybeStatus = to;
  }

  async read(kind, path, check) {
    const answer = await this.request(kind, { path });
    const ok = answer.status === 200 && (!check || check(answer));
    this.reads[ok ? 'ok' : 'failed'] += 1;
    return answer;
  }

  async board() {
    const headers = this.boardTag ? { 'if-none-match': this.boardTag } : {};
    const answer = await this.request('GET board', { path: `/api/board/${this.company.projectId}`, headers });
    if (answer.status === 200) this.boardTag = answer.headers.etag ?? null;
    this.reads[answer.status === 200 || answer.status === 304 ? 'ok' : 'failed'] += 1;
  }

  async exportFile() {
    const p = this.company.projectId;
    const path = Math.random() < 0.5 ? `/api/report/plot-wise/${p}/export` : `/api/report/payment-receipts/${p}/export`;
    const answer = await this.request('GET export', { path });
    // An .xlsx is a zip: it starts with "PK". Payment Receipts has nothing to export before a receipt (404).
    const ok = answer.status === 200 && answer.body.subarray(0, 2).toString() === 'PK';
    if (ok) this.reads.exportsChecked += 1;
    this.reads[ok || answer.status === 404 ? 'ok' : 'failed'] += 1;
  }

  async step() {
    const p = this.company.projectId;
    switch (nextAction()) {
      case 'sale':
        return this.sell();
      case 'receipt':
        return this.receipt('Completed');
      case 'cheque':
        return this.receipt('Pending');
      case 'clear':
        return this.clear();
      case 'board':
        return this.board();
      case 'dashboard':
        return this.read('GET dashboard', '/api/dashboard');
      case 'receiptsReport':
        return this.read('GET report', `/api/report/payment-receipts/${p}?limit=100`);
      case 'plotReport':
        return this.read('GET report', `/api/report/plot-wise/${p}`);
      case 'monthReport':
        return this.read('GET report', `/api/report/payment-month-wise/${p}`);
      case 'salesList':
        return this.read('GET sales', `/api/sale/project/${p}`);
      default:
        return this.exportFile();
    }
  }

  /** Drives the mix until `until` (performance.now() ms), with a short pause between requests as a user makes. */
  async run(until) {
    while (performance.now() < until) {
      await this.step();
      await sleep(between(20, 150));
    }
  }

  /** After the chaos: every write still unknown is sent once more (same key) until it is acknowledged or refused. */
  async settleUnknown() {
    for (const entry of this.ledger.filter((e) => e.state === 'unknown')) {
      entry.unknownAtEnd = true;
      await this.send(entry, 5);
      if (entry.op === 'status' && entry.state === 'ack') entry.cheque.expectedStatus = entry.body.status;
    }
  }

  close() {
    this.agent.destroy();
  }
}
