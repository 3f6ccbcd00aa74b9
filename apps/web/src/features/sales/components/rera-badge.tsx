import { Badge, Tooltip } from '@mantine/core';
import { formatDate } from '@plotbook/domain';

/** RERA s.13 on the sales listing: more than the limit of the sale amount received before the agreement for sale. */
export function ReraBadge({ agreementDate }: { agreementDate: string | null }) {
  const why = agreementDate
    ? `More than the RERA limit of the sale amount was received before the agreement for sale (${formatDate(agreementDate)}).`
    : 'More than the RERA limit of the sale amount was received and no agreement for sale is recorded.';
  return (
    <Tooltip label={why} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
      <Badge color="orange" variant="light" size="sm" ml={4} tabIndex={0} aria-label={`RERA: ${why}`}>
        RERA
      </Badge>
    </Tooltip>
  );
}
