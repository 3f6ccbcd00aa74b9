import { Anchor, Box, Button, Container, Group, Skeleton } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import classes from './landing.module.css';

const SECTIONS = [
  { href: '#features', label: 'Features' },
  { href: '#showcase', label: 'Product' },
  { href: '#testimonials', label: 'Customers' },
  { href: '#pricing', label: 'Pricing' },
];

export interface HeaderLink {
  label: string;
  href: string;
  isPrimary?: boolean;
}

/** `links` are the variant's sign-in buttons; null while the host is still being checked. */
export function LandingHeader({ links }: { links: HeaderLink[] | null }) {
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Anchor component={Link} to="/" underline="never" aria-label="Plotbook home">
            <Logo />
          </Anchor>
          <Box component="nav" aria-label="Page sections" visibleFrom="md">
            <Group gap="lg">
              {SECTIONS.map((s) => (
                <a key={s.href} href={s.href} className={classes.navLink}>
                  {s.label}
                </a>
              ))}
            </Group>
          </Box>
          <Group gap="xs" wrap="nowrap">
            {links === null ? (
              <Skeleton h={36} w={150} radius="md" />
            ) : (
              links.map((link) => (
                <Button
                  key={link.href}
                  component={Link}
                  to={link.href}
                  variant={link.isPrimary ? 'filled' : 'default'}
                  px={{ base: 'sm', xs: 'md' }}
                >
                  {link.label}
                </Button>
              ))
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
