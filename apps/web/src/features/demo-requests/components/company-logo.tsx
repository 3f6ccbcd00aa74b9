import { Box, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getToken } from '@/lib/session';

const SIZE = 50;

/**
 * The logo is served only to the super admin, so an <img src> cannot fetch it (no bearer token): fetch it with
 * the token and show it from a blob URL, revoked when the row goes away.
 */
function useAuthorizedImage(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getToken();
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ src: objectUrl, failed: false });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ src: null, failed: Boolean(error) });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

function initials(companyName: string): string {
  const words = companyName.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0]?.slice(0, 2) ?? '?')).toUpperCase();
}

/** The company logo at 50 × 50, or a placeholder with the company's initials. */
export function CompanyLogo({ logoUrl, companyName }: { logoUrl: string | null; companyName: string }) {
  const { src, failed } = useAuthorizedImage(logoUrl);
  const frame = {
    width: SIZE,
    height: SIZE,
    borderRadius: 'var(--mantine-radius-sm)',
    border: '1px solid var(--mantine-color-gray-3)',
    background: 'var(--mantine-color-white)',
    overflow: 'hidden',
    display: 'grid',
    placeItems: 'center',
  } as const;
  if (src) {
    return (
      <Box style={frame}>
        <img
          src={src}
          alt={`${companyName} logo`}
          width={SIZE}
          height={SIZE}
          style={{ objectFit: 'contain', display: 'block' }}
        />
      </Box>
    );
  }
  return (
    <Box
      style={{ ...frame, background: 'var(--mantine-color-gray-1)' }}
      role="img"
      aria-label={logoUrl && !failed ? `Loading ${companyName} logo` : `No logo for ${companyName}`}
      title={failed ? 'The logo could not be loaded' : undefined}
    >
      <Text size="sm" fw={700} c="dimmed">
        {initials(companyName)}
      </Text>
    </Box>
  );
}
