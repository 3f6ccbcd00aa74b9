import type { BuyerDto, BuyerInput } from '@plotbook/domain';
import { type CoBuyerValues, coBuyersInput } from '@/components/buyers/co-buyers-input';

export interface BuyerFormValues {
  name: string;
  relativeName: string;
  mobile: string;
  alternateMobile: string;
  email: string;
  address: string;
  /** As shown (masked for a user): sent back unchanged, the server keeps the stored PAN. */
  pan: string;
  /** Blank keeps what is stored; 12 digits replace it (only the last 4 are kept). */
  aadhaar: string;
  coBuyers: CoBuyerValues[];
  nomineeName: string;
  nomineeRelation: string;
}

export const emptyBuyer = (): BuyerFormValues => ({
  name: '',
  relativeName: '',
  mobile: '',
  alternateMobile: '',
  email: '',
  address: '',
  pan: '',
  aadhaar: '',
  coBuyers: [],
  nomineeName: '',
  nomineeRelation: '',
});

export const buyerFormValues = (b: BuyerDto): BuyerFormValues => ({
  name: b.name,
  relativeName: b.relativeName ?? '',
  mobile: b.mobile ?? '',
  alternateMobile: b.alternateMobile ?? '',
  email: b.email ?? '',
  address: b.address ?? '',
  pan: b.pan ?? '',
  aadhaar: '',
  coBuyers: b.coBuyers.map((c) => ({ name: c.name, relation: c.relation ?? '', pan: c.pan ?? '' })),
  nomineeName: b.nominee?.name ?? '',
  nomineeRelation: b.nominee?.relation ?? '',
});

export function toBuyerInput(v: BuyerFormValues): BuyerInput {
  return {
    name: v.name,
    relativeName: v.relativeName,
    mobile: v.mobile,
    alternateMobile: v.alternateMobile,
    email: v.email,
    address: v.address,
    pan: v.pan,
    ...(v.aadhaar.trim() ? { aadhaar: v.aadhaar } : {}),
    ...coBuyersInput(v.coBuyers, v.nomineeName, v.nomineeRelation),
  };
}
