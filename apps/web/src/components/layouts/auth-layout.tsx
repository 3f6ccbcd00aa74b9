import { Anchor, Box, Center, Container, Group, Paper } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from '../logo';

const AUTH_LINKS = [paths.home, paths.login, paths.register, paths.forgotPassword];

/** The centred card of the sign-in screens, with the small row of links to the other auth screens. */
export function AuthLayout() {
  const { pathname } = useLocation();
  const links = AUTH_LINKS.filter((link) => link.path.toLowerCase() !== pathname.toLowerCase());
  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 48 }}>
      <Container size={460} px="md">
        <Center mb="lg">
          <Anchor component={Link} to={paths.home.getHref()} underline="never" aria-label="Plotbook home">
            <Logo size="lg" />
          </Anchor>
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }}>
          <Outlet />
        </Paper>
        <Box component="nav" aria-label="Account" mt="lg">
          <Group justify="center" gap="lg">
            {links.map((link) => (
              <Anchor key={link.path} component={Link} to={link.getHref()} size="sm" fw={500}>
                {link.title}
              </Anchor>
            ))}
          </Group>
        </Box>
      </Container>
    </Box>
  );
}
