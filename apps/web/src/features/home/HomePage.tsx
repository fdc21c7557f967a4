import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconBulb, IconCheck, IconDownload, IconHeart, IconMoodSmile } from '@tabler/icons-react';
import { Link } from 'react-router';
import { appIcon } from '../../config/app-icons';
import { apps } from '../../config/apps';
import { siteConfig } from '../../config/site';
import classes from './HomePage.module.css';
import { HomeSection } from './HomeSection';
import { NoticeAlert } from './NoticeAlert';

const personalityIcons = [IconBulb, IconMoodSmile, IconHeart];

/** One line per app for the home page's Apps section (the hero's Apps button leads there). */
const appBlurbs: Record<(typeof apps)[number]['key'], string> = {
  forecast: 'Weather for any address',
  sudoku: 'Puzzles, notes and hints',
  todo: 'Lists that keep up with you',
  finance: 'Markets and paper trading',
};

/** The about page under the hero banner (docs/product.md), rendered from the site config. */
export function HomePage() {
  const site = siteConfig;
  return (
    <Stack gap={40}>
      <NoticeAlert />

      <Group gap="sm">
        <Button component={Link} to={site.portfolioUrl} leftSection={<IconBriefcase size={18} />}>
          Portfolio
        </Button>
        <Button
          component="a"
          href={site.resumeUrl}
          download={site.resumeFileName}
          variant="default"
          leftSection={<IconDownload size={18} />}
        >
          Download Resume
        </Button>
      </Group>

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

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40}>
        <HomeSection title="Tech stack">
          <table className={classes.techStack}>
            <tbody>
              {site.techStack.map((item) => (
                <tr key={item.layer}>
                  <th scope="row">{item.layer}</th>
                  <td>{item.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Text size="sm" c="dimmed">
            Last updated: {site.lastUpdated}
          </Text>
        </HomeSection>

        <HomeSection title="Professional interests">
          <List
            spacing={6}
            icon={
              <ThemeIcon size={20} radius="xl" variant="light">
                <IconCheck size={13} />
              </ThemeIcon>
            }
          >
            {site.interests.map((interest) => (
              <List.Item key={interest}>{interest}</List.Item>
            ))}
          </List>
        </HomeSection>
      </SimpleGrid>

      <HomeSection title="Skills">
        <Group gap="xs">
          {site.skills.map((skill) => (
            <Badge key={skill} variant="light" size="lg" radius="sm" tt="none">
              {skill}
            </Badge>
          ))}
        </Group>
      </HomeSection>

      <HomeSection title="About me">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {site.personality.map((blurb, index) => {
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
    </Stack>
  );
}
