import { formatRupees } from '@plotbook/domain';
import classes from './money.module.css';

/** Rupees as `₹ 12,34,567.89` (en-IN grouping), kept on one line (a card's figure may still wrap it). */
export function Money({ value }: { value: number | null | undefined }) {
  return <span className={classes.money}>{formatRupees(value)}</span>;
}
