import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useAccountProfile } from '@/features/settings/api/account';
import { useCompanyProfile } from '@/features/settings/api/company-profile';
import { AccountDetailsForm } from '@/features/settings/components/account-details-form';
import { ChangePasswordForm } from '@/features/settings/components/change-password-form';
import { CompanyProfileForm } from '@/features/settings/components/company-profile-form';
import { TaxRulesForm } from '@/features/settings/components/tax-rules-form';
import { useTallyLedgers } from '@/features/tally/api/tally';
import { TallyExportForm } from '@/features/tally/components/tally-export-form';
import { TallyLedgersForm } from '@/features/tally/components/tally-ledgers-form';
import { useCompanySettings } from '@/lib/company-settings';

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Card>
  );
}

/** Settings: the signed-in user's own details and password. */
export function SettingsRoute() {
  const profile = useAccountProfile();
  const taxRules = useCompanySettings();
  const tally = useTallyLedgers();
  const companyProfile = useCompanyProfile();
  const isAdmin = profile.data?.role === 'TENANT_ADMIN';
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Settings
        </Title>
        <Text c="dimmed">Your own details, your password, the company's tax and cash rules, and its Tally export.</Text>
      </div>
      <Section title="Your Details" description="Your name as others see it, and how to reach you.">
        {profile.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="Could not load your details">
            <Text size="sm" mb="sm">
              {profile.error.message}
            </Text>
            <Button size="xs" variant="white" color="red" onClick={() => profile.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : profile.data ? (
          <AccountDetailsForm profile={profile.data} />
        ) : (
          <Skeleton h={140} radius="md" aria-label="Loading your details" />
        )}
      </Section>
      <Section
        title="Change Password"
        description="Enter your current password, then the new one twice. Other devices will be signed out."
      >
        <ChangePasswordForm />
      </Section>
      <Section
        title="Tax and cash rules"
        description="The rules of a plot sale in India that Plotbook applies to this company's sales and receipts."
      >
        {taxRules.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="Could not load the rules">
            <Button size="xs" variant="white" color="red" onClick={() => taxRules.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : taxRules.data && profile.data ? (
          <TaxRulesForm settings={taxRules.data} readOnly={profile.data.role !== 'TENANT_ADMIN'} />
        ) : (
          <Skeleton h={220} radius="md" aria-label="Loading the tax and cash rules" />
        )}
      </Section>
      <Section
        title="Export to Tally"
        description="The receipts and payments of a date range as a file Tally imports, or as an Excel sheet."
      >
        <TallyExportForm />
      </Section>
      <Section
        title="Tally ledgers"
        description="The Tally ledger each mode of payment and each particular is posted to."
      >
        {tally.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="Could not load the ledgers">
            <Button size="xs" variant="white" color="red" onClick={() => tally.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : tally.data && profile.data ? (
          <TallyLedgersForm ledgers={tally.data} readOnly={profile.data.role !== 'TENANT_ADMIN'} />
        ) : (
          <Skeleton h={320} radius="md" aria-label="Loading the Tally ledgers" />
        )}
      </Section>
      {isAdmin ? (
        <Section
          title="Company Profile"
          description="The letterhead of receipts, statements and allotment letters, and the receipt numbers' prefix."
        >
          {companyProfile.isError ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              title="Could not load the profile"
            >
              <Button size="xs" variant="white" color="red" onClick={() => companyProfile.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : companyProfile.data ? (
            <CompanyProfileForm profile={companyProfile.data} />
          ) : (
            <Skeleton h={220} radius="md" aria-label="Loading the company profile" />
          )}
        </Section>
      ) : null}
    </Stack>
  );
}
