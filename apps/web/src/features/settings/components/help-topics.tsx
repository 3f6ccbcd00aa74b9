import { Accordion, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

interface Topic {
  id: string;
  title: string;
  route: { title: string; getHref: () => string };
  steps: string[];
  note?: string;
}

const { app } = paths;

/** How to do each daily task, in the words the screens use. */
const TOPICS: Topic[] = [
  {
    id: 'purchase',
    title: 'Record a land purchase from a farmer',
    route: app.purchase,
    steps: [
      'Choose the project. Its details card shows the area and amount.',
      'Fill one row per payment: particular (Kharedikhar, Visarpavti, …), date, mode, mode details, credited to, mode date, amount and the partner who paid.',
      'Add Row adds another once the last row is complete; Save All saves every row together.',
    ],
    note: 'View Plot Purchases lists what was saved for a project.',
  },
  {
    id: 'development',
    title: 'Record development costs',
    route: app.development,
    steps: [
      'Choose the project and the category: Per project costs are shared by every plot by area; Per plot and Per sq ft costs belong to one plot, so choose it.',
      'Fill the rows (particular, date, mode, amount, partner) and Save All.',
    ],
    note: 'Partner Contribution shows who paid which cost, and lets you correct or delete a row.',
  },
  {
    id: 'sale',
    title: 'Sell a plot (full payment or EMI)',
    route: app.sale,
    steps: [
      'Choose the project and an unsold plot, and enter the sale amount.',
      'Enter the buyer’s name and mobile, and the sale date.',
      'For EMI, enter the advance, visarpawati, the duration in months and the first EMI date; check the schedule preview.',
      'Save. View Sales lists a project’s sales with what is received and pending.',
    ],
  },
  {
    id: 'receipt',
    title: 'Record a payment received',
    route: app.payment,
    steps: [
      'Choose the project and the sold plot; the cards show the sale amount, monthly amount and pending balance.',
      'Add a line per payment: particular (Advance, Visarpawati, Installment, Booking), mode, mode details, credited to, date and amount.',
      'Set the status: Completed when the money is in, Pending for a cheque not yet cleared. Save.',
    ],
    note: 'Only Completed receipts lower the pending balance.',
  },
  {
    id: 'cheque',
    title: 'Clear or bounce a cheque',
    route: app.payment,
    steps: [
      'On Payment Receipt, choose the project and plot: the plot’s receipts are listed below the form.',
      'For a Pending receipt, press Cleared when the cheque clears, or Bounced when it bounces, then confirm with Mark cleared or Mark bounced.',
    ],
  },
  {
    id: 'registration',
    title: 'Register a fully paid plot',
    route: app.registrationPlot,
    steps: [
      'Choose the project; only plots that are fully paid and not yet registered are offered.',
      'Choose the plot, enter the registration office, date and document number, and Save.',
    ],
    note: 'View Registrations lists every registered plot.',
  },
  {
    id: 'partner',
    title: 'Pay a partner',
    route: app.paymentToPartner,
    steps: [
      'Choose the project: each partner’s investment, profit, received and due are listed.',
      'Select Payment & Partner opens the payout form: date, mode, details, amount and a note. Save.',
    ],
  },
  {
    id: 'profit',
    title: 'See a project’s or a plot’s profit',
    route: app.projectProfile,
    steps: [
      'Choose the project, and a plot if you want one plot’s figures.',
      'The cards show total cost, sale amount, net profit and margin; the bars show where the money went.',
    ],
  },
];

export function HelpTopics() {
  return (
    <Accordion variant="separated" radius="md" multiple defaultValue={[]}>
      {TOPICS.map((topic) => (
        <Accordion.Item key={topic.id} value={topic.id}>
          <Accordion.Control>
            <Text fw={600}>{topic.title}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <List type="ordered" spacing={6} size="sm" mb="sm">
              {topic.steps.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
            {topic.note && (
              <Text size="sm" c="dimmed" mb="sm">
                {topic.note}
              </Text>
            )}
            <Anchor component={Link} to={topic.route.getHref()} size="sm" fw={600}>
              Open {topic.route.title} →
            </Anchor>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
