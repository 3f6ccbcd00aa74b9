import { deflateSync } from 'node:zlib';
import type { TenantDb } from '../db/tenancy.js';
import { updateProfile } from '../modules/company-profile/company-profile.repository.js';
import { saveCollectionSettings } from '../modules/company-settings/company-settings.service.js';

/** CRC-32 of a PNG chunk's type and data. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The demo company's logo: a 96×96 PNG of a green field laid out in nine plots. */
export function demoLogoPng(): Buffer {
  const size = 96;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const road = x % 32 < 4 || y % 32 < 4 || x >= size - 4 || y >= size - 4;
      const [r, g, b] = road ? [245, 241, 230] : (x >> 5) + (y >> 5) === 2 ? [46, 125, 50] : [102, 170, 90];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo company's letterhead (Company Profile): its documents print it; receipts are numbered RCT/yy-yy/nnnnn.
 * Late-payment interest is on (18 % a year after 15 days), so Collections and the statements show it.
 */
export async function seedDemoProfile(tdb: TenantDb, userId: number): Promise<void> {
  await updateProfile(
    tdb,
    {
      companyName: 'Sai Developers & Land Promoters',
      address: 'Office 4, Shraddha Complex, Wardha Road, Nagpur 440015 · श्री साई डेव्हलपर्स, नागपूर',
      gstin: '27AAKFS4521M1Z3',
      pan: 'AAKFS4521M',
      reraNo: 'P50500034521',
      receiptPrefix: 'RCT',
    },
    { bytes: demoLogoPng(), mime: 'image/png' },
    userId,
  );
  await saveCollectionSettings(
    tdb,
    {
      lateInterestEnabled: true,
      lateInterestRate: 18,
      graceDays: 15,
      autoRemindersEnabled: false,
      remindDaysBefore: 3,
      remindDaysAfter: 7,
    },
    userId,
  );
}
