import { Button, FileInput, Group, Image, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  COMPANY_PROFILE_SAVED,
  type CompanyProfileDto,
  LOGO_MESSAGE,
  MAX_LOGO_BYTES,
  updateCompanyProfileSchema,
} from '@plotbook/domain';
import { IconPhoto } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { LeaveGuard } from '@/components/leave-guard';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { useCompanyLogo, useSaveCompanyProfile } from '../api/company-profile';

interface Values {
  companyName: string;
  address: string;
  gstin: string;
  pan: string;
  reraNo: string;
  receiptPrefix: string;
  /** The new logo's bytes in base64; undefined keeps the stored one, null removes it. */
  logo?: string | null;
}

const valuesOf = (p: CompanyProfileDto): Values => ({
  companyName: p.companyName,
  address: p.address ?? '',
  gstin: p.gstin ?? '',
  pan: p.pan ?? '',
  reraNo: p.reraNo ?? '',
  receiptPrefix: p.receiptPrefix,
});

const base64Of = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
};

/** A tenant admin's Company Profile: what the documents print at the top, and the receipt numbers' prefix. */
export function CompanyProfileForm({ profile }: { profile: CompanyProfileDto }) {
  const mutation = useSaveCompanyProfile();
  const logo = useCompanyLogo(profile.logoType);
  const form = useForm<Values>({ initialValues: valuesOf(profile), validate: zodResolver(updateCompanyProfileSchema) });
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  const [logoFile, setLogoFile] = useState<File | null>(null);

  const chooseLogo = async (file: File | null) => {
    setLogoFile(file);
    form.clearFieldError('logo');
    if (!file) return form.setFieldValue('logo', undefined);
    if (!['image/png', 'image/jpeg'].includes(file.type) || file.size > MAX_LOGO_BYTES) {
      form.setFieldError('logo', LOGO_MESSAGE);
      return form.setFieldValue('logo', undefined);
    }
    form.setFieldValue('logo', await base64Of(file));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setMessage(null);
    if (form.validate().hasErrors) return;
    mutation.mutate(form.getValues(), {
      onSuccess: (saved) => {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        setLogoFile(null);
        setMessage({ kind: 'success', text: COMPANY_PROFILE_SAVED });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
        setMessage(failureMessage('Failed to save the company profile.', error));
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Company profile">
      <LeaveGuard when={form.isDirty() && !mutation.isPending} />
      <Stack gap="md">
        <FormStatus message={message} onClose={() => setMessage(null)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Company name" maxLength={120} {...form.getInputProps('companyName')} />
          <TextInput
            label="Receipt prefix"
            required
            maxLength={4}
            description="1–4 letters or digits: receipts are numbered PREFIX/26-27/00001"
            {...form.getInputProps('receiptPrefix')}
          />
          <Textarea label="Address" autosize minRows={2} maxLength={500} {...form.getInputProps('address')} />
          <TextInput label="RERA registration number" maxLength={60} {...form.getInputProps('reraNo')} />
          <TextInput label="GSTIN" maxLength={20} placeholder="27ABCDE1234F1Z5" {...form.getInputProps('gstin')} />
          <TextInput label="PAN" maxLength={12} placeholder="ABCDE1234F" {...form.getInputProps('pan')} />
        </SimpleGrid>
        <Group align="flex-end" gap="md" wrap="wrap">
          {logo.data && form.getValues().logo !== null ? (
            <Image src={logo.data} alt="The company's logo" h={56} w="auto" fit="contain" radius="sm" />
          ) : null}
          <FileInput
            label="Logo"
            description="A PNG or JPEG of at most 512 KB"
            accept="image/png,image/jpeg"
            leftSection={<IconPhoto size={16} aria-hidden />}
            clearable
            value={logoFile}
            onChange={chooseLogo}
            error={form.errors.logo}
            w={260}
          />
          {profile.logoType && form.getValues().logo !== null ? (
            <Button variant="subtle" color="red" onClick={() => form.setFieldValue('logo', null)}>
              Remove logo
            </Button>
          ) : form.getValues().logo === null ? (
            <Text size="sm" c="dimmed">
              The logo is removed when you save.
            </Text>
          ) : null}
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
            Save Company Profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
