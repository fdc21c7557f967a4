import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { isFediverseLink, type Profile, type ProfileLink } from '@site/contract/profile-defaults';
import {
  IconBrandBluesky,
  IconBrandGithub,
  IconBrandLinkedin,
  IconBrandMastodon,
  IconBrandX,
  IconBulb,
  IconCalendarCheck,
  IconCheck,
  IconHeart,
  IconMail,
  IconMapPin,
  IconMoodSmile,
  IconWorld,
} from '@tabler/icons-react';
import { HomeSection } from './HomeSection';
import { Markdown } from './markdown';

const personalityIcons = [IconBulb, IconMoodSmile, IconHeart];

/** The icon of a link, picked from its address (a Mastodon account by its `/@name` path or label). */
export function linkIcon(link: ProfileLink) {
  if (isFediverseLink(link)) return IconBrandMastodon;
  let host = '';
  try {
    host = new URL(link.url).hostname.replace(/^www\./, '');
  } catch {
    return IconWorld;
  }
  if (host === 'github.com') return IconBrandGithub;
  if (host === 'linkedin.com' || host.endsWith('.linkedin.com')) return IconBrandLinkedin;
  if (host === 'x.com' || host === 'twitter.com') return IconBrandX;
  if (host === 'bsky.app') return IconBrandBluesky;
  return IconWorld;
}

/** Location, availability, e-mail and the owner's links elsewhere; `rel="me"` says each is the owner's own. */
export function ProfileFacts({ profile }: { profile: Profile }) {
  const { location, availability, contact_email, links } = profile;
  if (!location && !availability && !contact_email && links.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Contact and links">
      {(location || availability) && (
        <Group gap="lg">
          {location && (
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={18} aria-hidden />
              <Text size="sm">{location}</Text>
            </Group>
          )}
          {availability && (
            <Group gap={6} wrap="nowrap">
              <IconCalendarCheck size={18} aria-hidden />
              <Text size="sm">{availability}</Text>
            </Group>
          )}
        </Group>
      )}
      {(contact_email || links.length > 0) && (
        <Group gap="md">
          {contact_email && (
            <Anchor href={`mailto:${contact_email}`} size="sm">
              <Group gap={6} wrap="nowrap" component="span">
                <IconMail size={18} aria-hidden />
                {contact_email}
              </Group>
            </Anchor>
          )}
          {links.map((link) => {
            const Icon = linkIcon(link);
            return (
              <Anchor key={`${link.label} ${link.url}`} href={link.url} rel="me noopener" size="sm">
                <Group gap={6} wrap="nowrap" component="span">
                  <Icon size={18} aria-hidden />
                  {link.label}
                </Group>
              </Anchor>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}

type Part = { profile: Profile };

/** The About text, Markdown rendered safely. */
export function ProfileAbout({ profile }: Part) {
  if (!profile.about) return null;
  return (
    <HomeSection title="About">
      <Markdown text={profile.about} />
    </HomeSection>
  );
}

/** Skills by group, in the admin's order. */
export function ProfileSkills({ profile }: Part) {
  if (profile.skills.length === 0) return null;
  return (
    <HomeSection title="Skills">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        {profile.skills.map((group) => (
          <div key={group.group}>
            <Text fw={600} size="sm" mb={6}>
              {group.group}
            </Text>
            <Group gap="xs">
              {group.items.map((skill) => (
                <Badge key={skill} variant="light" size="lg" radius="sm" tt="none">
                  {skill}
                </Badge>
              ))}
            </Group>
          </div>
        ))}
      </SimpleGrid>
    </HomeSection>
  );
}

export function ProfileInterests({ profile }: Part) {
  if (profile.interests.length === 0) return null;
  return (
    <HomeSection title="Professional interests">
      <List
        spacing={6}
        icon={
          <ThemeIcon size={20} radius="xl" variant="light">
            <IconCheck size={13} />
          </ThemeIcon>
        }
      >
        {profile.interests.map((interest) => (
          <List.Item key={interest}>{interest}</List.Item>
        ))}
      </List>
    </HomeSection>
  );
}

/** The personality blurbs as cards. */
export function ProfilePersonality({ profile }: Part) {
  if (profile.personality.length === 0) return null;
  return (
    <HomeSection title="About me">
      <SimpleGrid cols={{ base: 1, sm: Math.min(3, profile.personality.length) }}>
        {profile.personality.map((blurb, index) => {
          const Icon = personalityIcons[index % personalityIcons.length] ?? IconBulb;
          return (
            <Card key={blurb.title} withBorder radius="md" padding="lg">
              <ThemeIcon size={40} radius="md" variant="light" mb="sm" aria-hidden>
                <Icon size={22} />
              </ThemeIcon>
              <Text fw={600}>{blurb.title}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {blurb.text}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </HomeSection>
  );
}
