import { Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconApps, IconBriefcase } from '@tabler/icons-react';
import { Link } from 'react-router';
import { siteConfig } from '../../config/site';
import { useProfile } from '../../features/home/api/profile';
import classes from './HeroBanner.module.css';
import { HeroIllustration } from './HeroIllustration';

/** The photo's drawn width (HeroBanner.module.css `.avatar`), so the browser picks the size it needs. */
const AVATAR_SIZES = '(max-width: 47.99em) max(6.5rem, 26vw), min(26vw, 17rem)';

/**
 * docs/product.md#layout and #home: the owner's banner, shown on the home route only — name,
 * role and tagline from the owner's profile (GET /api/profile, drawn by the server with the page)
 * beside their photo, round (a picture generated from the name while there is none), and the two
 * ways in: the portfolio and the apps (the home page's Apps section).
 */
export function HeroBanner() {
  const { profile: owner } = useProfile();
  const { portfolioUrl } = siteConfig;
  return (
    <Box component="section" aria-label="Introduction" py={{ base: 40, sm: 72 }} className={classes.hero}>
      <Container size="lg" className={classes.layout}>
        <div className={classes.text}>
          <Title order={1} className={classes.name}>
            {owner.name}
          </Title>
          <Text className={classes.role}>{owner.title}</Text>
          <Text className={classes.tagline}>{owner.tagline}</Text>
          <Group gap="sm" className={classes.actions}>
            <Button
              component={Link}
              to={portfolioUrl}
              color="white"
              c="iris.8"
              size="md"
              leftSection={<IconBriefcase size={18} aria-hidden />}
            >
              Portfolio
            </Button>
            <Button
              component="a"
              href="#apps"
              variant="outline"
              color="white"
              size="md"
              leftSection={<IconApps size={18} aria-hidden />}
            >
              Apps
            </Button>
          </Group>
        </div>
        {owner.avatar ? (
          <img
            className={classes.avatar}
            src={owner.avatar.url}
            srcSet={owner.avatar.srcset}
            sizes={AVATAR_SIZES}
            width={owner.avatar.width}
            height={owner.avatar.height}
            alt={owner.name}
          />
        ) : (
          <HeroIllustration name={owner.name} />
        )}
      </Container>
    </Box>
  );
}
