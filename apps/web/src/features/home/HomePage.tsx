import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { RESUME_PATH } from '@site/contract/profile-defaults';
import { IconBriefcase, IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { appIcon } from '../../config/app-icons';
import { apps } from '../../config/apps';
import { siteConfig } from '../../config/site';
import { formatDate } from '../../lib/dates';
import { useKeepProfile, useProfile } from './api/profile';
import classes from './HomePage.module.css';
import { HomeSection } from './HomeSection';
import { NoticeAlert } from './NoticeAlert';
import { ProfileAbout, ProfileFacts, ProfileInterests, ProfilePersonality, ProfileSkills } from './ProfileSections';
import { useProfileHead } from './use-profile-head';

/** One line per app for the home page's Apps section (the hero's Apps button leads there). */
const appBlurbs: Record<(typeof apps)[number]['key'], string> = {
  forecast: 'Weather for any address',
  sudoku: 'Puzzles, notes and hints',
  todo: 'Lists that keep up with you',
  finance: 'Markets and paper trading',
};

/**
 * The about page under the hero banner (docs/product.md#home): the owner's profile from
 * GET /api/profile (the contract's defaults until it arrives), the apps and the tech stack.
 * `after` is drawn at the end of the page: app/ composes other features there (the contact form).
 */
export function HomePage({ after }: { after?: ReactNode } = {}) {
  const { profile, loaded } = useProfile();
  useProfileHead(profile, loaded);
  useKeepProfile(profile, loaded);
  const { resume } = profile;
  return (
    <Stack gap={40}>
      <NoticeAlert />

      <Stack gap="md">
        <Group gap="sm">
          <Button component={Link} to={siteConfig.portfolioUrl} leftSection={<IconBriefcase size={18} />}>
            Portfolio
          </Button>
          {resume && (
            <Group gap="xs">
              <Button
                component="a"
                href={resume.url || RESUME_PATH}
                download={resume.file_name}
                variant="default"
                leftSection={<IconDownload size={18} />}
              >
                Download Resume
              </Button>
              <Text size="sm" c="dimmed">
                Updated {formatDate(resume.uploaded_at)}
              </Text>
            </Group>
          )}
        </Group>
        <ProfileFacts profile={profile} />
      </Stack>

      <section id="apps" aria-label="Apps" className={classes.apps}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {apps.map((app) => (
            <Card
              key={app.key}
              component={Link}
              to={app.path}
              withBorder
              radius="md"
              padding="md"
              className={classes.appCard}
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                  {appIcon(app.key, 22)}
                </ThemeIcon>
                <div>
                  <Text fw={600} className={classes.appName}>
                    {app.label}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {appBlurbs[app.key]}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </section>

      <ProfileAbout profile={profile} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40}>
        <HomeSection title="Tech stack">
          <table className={classes.techStack}>
            <tbody>
              {siteConfig.techStack.map((item) => (
                <tr key={item.layer}>
                  <th scope="row">{item.layer}</th>
                  <td>{item.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </HomeSection>
        <ProfileInterests profile={profile} />
      </SimpleGrid>

      <ProfileSkills profile={profile} />
      <ProfilePersonality profile={profile} />
      {after}
    </Stack>
  );
}
