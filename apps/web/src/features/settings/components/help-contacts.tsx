import { Alert, Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { formatMobile } from '@plotbook/domain';
import { IconAlertCircle, IconMail, IconPhone } from '@tabler/icons-react';
import { useHelpContacts } from '../api/account';

/** Who to contact: the company's administrators, then the platform's support address if there is one. */
export function HelpContacts() {
  const contacts = useHelpContacts();
  if (contacts.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="Could not load the contacts">
        <Button size="xs" variant="white" color="red" onClick={() => contacts.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!contacts.data) return <Skeleton h={96} radius="md" aria-label="Loading contacts" />;
  const { admins, platformEmail } = contacts.data;
  return (
    <Stack gap="md">
      <div>
        <Text fw={600} mb={4}>
          Your company’s administrator
        </Text>
        <Text size="sm" c="dimmed" mb="xs">
          For a new account, a forgotten password, a locked account or anything about your company’s data.
        </Text>
        {admins.length === 0 ? (
          <Text size="sm">No administrator is listed yet. Ask the person who set up Plotbook for your company.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Administrators">
            {admins.map((admin) => (
              <li key={admin.emailId}>
                <Text size="sm" fw={600}>
                  {admin.userName}
                </Text>
                <Anchor href={`mailto:${admin.emailId}`} size="sm" display="block" style={{ overflowWrap: 'anywhere' }}>
                  <IconMail size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
                  {admin.emailId}
                </Anchor>
                {admin.mobileNumber && (
                  <Anchor href={`tel:${admin.mobileNumber}`} size="sm" display="block" style={{ whiteSpace: 'nowrap' }}>
                    <IconPhone size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
                    {formatMobile(admin.mobileNumber)}
                  </Anchor>
                )}
              </li>
            ))}
          </Stack>
        )}
      </div>
      {platformEmail && (
        <div>
          <Text fw={600} mb={4}>
            Plotbook support
          </Text>
          <Text size="sm" c="dimmed" mb={4}>
            When your administrator cannot help, for example if the application itself misbehaves.
          </Text>
          <Anchor href={`mailto:${platformEmail}`} size="sm">
            {platformEmail}
          </Anchor>
        </div>
      )}
    </Stack>
  );
}
