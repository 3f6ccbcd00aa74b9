/** A buyer's co-buyers and nominee as forms hold them, and as the API takes them (no JSX: unit-tested code imports it). */
export interface CoBuyerValues {
  name: string;
  relation: string;
  pan: string;
}

export const emptyCoBuyer = (): CoBuyerValues => ({ name: '', relation: '', pan: '' });

/** The co-buyers and nominee as the API takes them (a co-buyer row left blank is refused: its name is required). */
export function coBuyersInput(coBuyers: CoBuyerValues[], nomineeName: string, nomineeRelation: string) {
  return {
    coBuyers: coBuyers.map((c) => ({ name: c.name, relation: c.relation || null, pan: c.pan || null })),
    nominee:
      nomineeName.trim() || nomineeRelation.trim() ? { name: nomineeName, relation: nomineeRelation || null } : null,
  };
}
