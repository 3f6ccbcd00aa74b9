import { type TallyVoucher, tallyAmount, tallyDate } from '@plotbook/domain';

/** Text as XML character data or an attribute value: the five XML specials escaped; UTF-8 (Marathi) as it is. */
export const xmlText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const tag = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

function voucherXml(v: TallyVoucher): string {
  const entries = v.entries.map(
    (e) =>
      '      <ALLLEDGERENTRIES.LIST>\n' +
      `        ${tag('LEDGERNAME', e.ledger)}\n` +
      `        ${tag('ISDEEMEDPOSITIVE', e.debit ? 'Yes' : 'No')}\n` +
      `        ${tag('AMOUNT', tallyAmount(e))}\n` +
      '      </ALLLEDGERENTRIES.LIST>\n',
  );
  return (
    '    <TALLYMESSAGE xmlns:UDF="TallyUDF">\n' +
    `     <VOUCHER VCHTYPE="${xmlText(v.type)}" ACTION="Create" OBJVIEW="Accounting Voucher View">\n` +
    `      ${tag('DATE', tallyDate(v.date))}\n` +
    `      ${tag('EFFECTIVEDATE', tallyDate(v.date))}\n` +
    `      ${tag('VOUCHERTYPENAME', v.type)}\n` +
    `      ${tag('VOUCHERNUMBER', v.number)}\n` +
    `      ${tag('PERSISTEDVIEW', 'Accounting Voucher View')}\n` +
    `      ${tag('NARRATION', v.narration)}\n` +
    entries.join('') +
    '     </VOUCHER>\n' +
    '    </TALLYMESSAGE>\n'
  );
}

/**
 * A Tally XML import file (Gateway of Tally → Import → Transactions): ENVELOPE / HEADER (Import Data) / BODY /
 * IMPORTDATA / REQUESTDESC (REPORTNAME Vouchers, STATICVARIABLES: SVCURRENTCOMPANY when a company name is set,
 * else Tally imports into the company it has open) / REQUESTDATA / a TALLYMESSAGE per VOUCHER.
 */
export function tallyXml(companyName: string, vouchers: readonly TallyVoucher[]): string {
  const company = companyName.trim() ? `     ${tag('SVCURRENTCOMPANY', companyName.trim())}\n` : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ENVELOPE>\n' +
    ' <HEADER>\n  <TALLYREQUEST>Import Data</TALLYREQUEST>\n </HEADER>\n' +
    ' <BODY>\n  <IMPORTDATA>\n' +
    '   <REQUESTDESC>\n    <REPORTNAME>Vouchers</REPORTNAME>\n' +
    `    <STATICVARIABLES>\n${company}    </STATICVARIABLES>\n` +
    '   </REQUESTDESC>\n' +
    '   <REQUESTDATA>\n' +
    vouchers.map(voucherXml).join('') +
    '   </REQUESTDATA>\n' +
    '  </IMPORTDATA>\n </BODY>\n' +
    '</ENVELOPE>\n'
  );
}
