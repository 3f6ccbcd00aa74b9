/** Square feet and rates: two decimals, Indian digit grouping, no spinner. */
export const areaInputProps = {
  min: 0,
  decimalScale: 2,
  allowNegative: false,
  hideControls: true,
  thousandSeparator: ',',
  thousandsGroupStyle: 'lakh',
} as const;
