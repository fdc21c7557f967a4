import { Box, Container, Text, Title } from '@mantine/core';
import { siteConfig } from '../../config/site';

/** docs/product.md#layout: the owner's banner, shown on the home route only. */
export function HeroBanner() {
  return (
    <Box
      component="section"
      aria-label="Introduction"
      py={{ base: 48, sm: 72 }}
      c="white"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-blue-9) 0%, var(--mantine-color-indigo-7) 55%, var(--mantine-color-cyan-6) 100%)',
      }}
    >
      <Container size="lg">
        <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1} fw={800}>
          {siteConfig.owner.name}
        </Title>
        <Text fz={{ base: 'lg', sm: 24 }} fw={500} mt="xs" opacity={0.95}>
          {siteConfig.owner.title}
        </Text>
        <Text fz={{ base: 'sm', sm: 'lg' }} mt="md" maw={560} opacity={0.85}>
          {siteConfig.owner.tagline}
        </Text>
      </Container>
    </Box>
  );
}
