import { Box, Button } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FlashMessage } from '@/components/flash-message';
import { paths } from '@/config/paths';
import { ClosingCta } from '@/features/landing/components/closing-cta';
import { FeatureGrid } from '@/features/landing/components/feature-grid';
import { Hero } from '@/features/landing/components/hero';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { type HeaderLink, LandingHeader } from '@/features/landing/components/landing-header';
import { Pricing } from '@/features/landing/components/pricing';
import { Showcase } from '@/features/landing/components/showcase';
import { Testimonials } from '@/features/landing/components/testimonials';
import { useSite } from '@/features/site/api/get-site';

const USER_LINKS: HeaderLink[] = [
  { label: paths.login.title, href: paths.login.getHref() },
  { label: paths.register.title, href: paths.register.getHref(), isPrimary: true },
];
const ADMIN_LINKS: HeaderLink[] = [{ label: 'Login', href: paths.admin.login.getHref(), isPrimary: true }];

function GetStarted({ isAdmin, isInverted }: { isAdmin: boolean; isInverted?: boolean }) {
  const look = {
    size: isInverted ? 'lg' : 'md',
    rightSection: <IconArrowRight size={18} />,
    ...(isInverted ? { variant: 'white' } : {}),
  };
  // The user variant's Get Started has no action in the spec; the admin variant asks for a demo.
  return isAdmin ? (
    <Button component={Link} to={paths.createDemo.getHref()} {...look}>
      Get Started
    </Button>
  ) : (
    <Button type="button" {...look}>
      Get Started
    </Button>
  );
}

/** The public page: the admin variant on the platform host, the user variant on a company's host. */
export function LandingRoute() {
  const site = useSite();
  const isAdmin = site.data?.kind === 'platform';
  const accountLinks = isAdmin ? ADMIN_LINKS : USER_LINKS;

  return (
    <Box bg="white">
      <LandingHeader links={site.isPending ? null : accountLinks} />
      <main>
        <Hero
          notice={
            <Box maw={640}>
              <FlashMessage />
            </Box>
          }
          getStarted={<GetStarted isAdmin={isAdmin} />}
        />
        <FeatureGrid />
        <Showcase />
        <Testimonials />
        <Pricing />
        <ClosingCta getStarted={<GetStarted isAdmin={isAdmin} isInverted />} />
      </main>
      <LandingFooter
        columns={[
          {
            title: 'Product',
            links: [
              { label: 'Features', href: '#features' },
              { label: 'Dashboards', href: '#showcase' },
              { label: 'Pricing', href: '#pricing' },
            ],
          },
          {
            title: 'Account',
            links: [
              ...accountLinks.map((l) => ({ label: l.label, href: l.href, isRoute: true })),
              { label: paths.forgotPassword.title, href: paths.forgotPassword.getHref(), isRoute: true },
            ],
          },
          {
            title: 'Company',
            links: [
              { label: 'Customers', href: '#testimonials' },
              { label: 'Request a demo', href: paths.createDemo.getHref(), isRoute: true },
            ],
          },
        ]}
      />
    </Box>
  );
}
