import { Box, FileInput, Group, Image, Text } from '@mantine/core';
import { DEMO_LOGO_MAX_BYTES, DEMO_LOGO_TYPES } from '@plotbook/domain';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export const LOGO_TOO_LARGE = 'The logo must be at most 1 MB.';
export const LOGO_NOT_AN_IMAGE = 'The logo must be a JPEG, PNG or WebP image.';

/** Why a chosen file cannot be the logo, or null. The server checks the bytes again. */
function logoProblem(file: File): string | null {
  if (!(DEMO_LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_NOT_AN_IMAGE;
  if (file.size > DEMO_LOGO_MAX_BYTES) return LOGO_TOO_LARGE;
  return null;
}

/** A blob URL for the chosen file, revoked when the file changes or the picker goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface LogoPickerProps {
  file: File | null;
  error?: string;
  /** A refused file comes back as null with the reason. */
  onChange: (file: File | null, problem: string | null) => void;
}

/** Company Logo (optional): PNG, JPEG or WebP up to 1 MB, with a preview. */
export function LogoPicker({ file, error, onChange }: LogoPickerProps) {
  const previewUrl = usePreviewUrl(file);
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Box style={{ flex: 1, minWidth: 0 }}>
        <FileInput
          label="Company Logo (optional)"
          description="PNG, JPEG or WebP, at most 1 MB."
          placeholder="Choose an image"
          accept={DEMO_LOGO_TYPES.join(',')}
          leftSection={<IconPhoto size={16} aria-hidden />}
          clearable
          value={file}
          error={error}
          onChange={(picked) => {
            if (!picked) return onChange(null, null);
            const problem = logoProblem(picked);
            onChange(problem ? null : picked, problem);
          }}
        />
      </Box>
      <Box
        w={72}
        h={72}
        mt={24}
        style={{
          flex: 'none',
          border: '1px dashed var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          background: 'var(--mantine-color-white)',
        }}
      >
        {previewUrl ? (
          <Image src={previewUrl} alt="Logo preview" w={68} h={68} fit="contain" data-testid="logo-preview" />
        ) : (
          <Text size="xs" c="dimmed" ta="center">
            Preview
          </Text>
        )}
      </Box>
    </Group>
  );
}
