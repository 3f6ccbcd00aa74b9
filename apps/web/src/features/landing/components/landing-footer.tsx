import { Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './landing.module.css';

interface FooterColumn {
  title: string;
  links: { label: string; href: string; isRoute?: boolean }[];
}

export function LandingFooter({ columns }: { columns: FooterColumn[] }) {
  return (
    <Box component="footer" className={classes.footer} py={{ base: 40, md: 56 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: columns.length + 1 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={800} fz="xl" c="white">
              Plotbook
            </Text>
            <Text size="sm" maw={280}>
              The back-office for land and plotting businesses: projects, plots, partners, sales and EMI.
            </Text>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.title} gap={8}>
              <Text fw={700} c="white" size="sm" tt="uppercase" style={{ letterSpacing: 0.5 }}>
                {column.title}
              </Text>
              {column.links.map((link) =>
                link.isRoute ? (
                  <Link key={link.label} to={link.href} className={classes.footerLink}>
                    {link.label}
                  </Link>
                ) : (
                  <a key={link.label} href={link.href} className={classes.footerLink}>
                    {link.label}
                  </a>
                ),
              )}
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt={40} pt="lg" style={{ borderTop: '1px solid var(--mantine-color-dark-5)' }}>
          <Text size="sm">© {new Date().getFullYear()} Plotbook. All rights reserved.</Text>
          <Text size="sm">Made for plotting businesses in India.</Text>
        </Group>
      </Container>
    </Box>
  );
}
