import { Anchor, Badge, Button, Card, Group, Image, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type PortfolioProject, tagKey } from '@site/contract';
import { IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CARD_SIZES, ProjectPicture } from './ProjectPicture';

interface ProjectCardProps {
  project: PortfolioProject;
  /** Present only for the admin. */
  onEdit?: (project: PortfolioProject) => void;
  onDelete?: (project: PortfolioProject) => void;
  /**
   * In the first row, so on screen as the page opens: its image loads at once, not lazily (the
   * largest paint of the page is one of these images).
   */
  eager?: boolean;
}

function Section({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    </div>
  );
}

/** docs/product.md#portfolio: image, title, description, technologies, backend and frontend features. */
export function ProjectCard({ project, onEdit, onDelete, eager = false }: ProjectCardProps) {
  // The gallery's first image is the cover (docs/api.md#project-images).
  const cover = project.images[0];
  return (
    // h="100%": cards of one grid row share its height, and the actions sit at the bottom of each,
    // so Edit and Delete line up across a row whatever the texts' lengths.
    <Card withBorder radius="md" padding="lg" component="article" aria-label={project.title} h="100%">
      <Card.Section>
        {cover ? (
          <ProjectPicture image={cover} src={project.image} sizes={CARD_SIZES} height={200} eager={eager} />
        ) : project.image ? (
          <Image
            src={project.image}
            alt={`Screenshot of ${project.title}`}
            h={200}
            fit="cover"
            loading={eager ? 'eager' : 'lazy'}
          />
        ) : (
          <Group h={200} justify="center" bg="gray.1" aria-hidden>
            <IconPhoto size={48} color="var(--mantine-color-gray-5)" />
          </Group>
        )}
      </Card.Section>
      <Stack gap="sm" mt="md" flex={1}>
        {(project.featured || project.status === 'draft') && (
          <Group gap={6}>
            {project.status === 'draft' && (
              <Badge color="yellow" variant="light">
                Draft
              </Badge>
            )}
            {project.featured && <Badge variant="light">Featured</Badge>}
          </Group>
        )}
        <Title order={2} size="h3">
          {/* The project's own page (docs/product.md#portfolio). */}
          <Anchor component={Link} to={`/portfolio/${project.slug}`} inherit c="inherit">
            {project.title}
          </Anchor>
        </Title>
        {project.summary ? (
          <Text size="sm">{project.summary}</Text>
        ) : (
          project.description && <Text size="sm">{project.description}</Text>
        )}
        {project.tags.length > 0 && (
          <Group gap={6} aria-label="Technologies">
            {project.tags.map((tag) => (
              <Badge
                key={tag}
                variant="light"
                tt="none"
                component={Link}
                to={`/portfolio?tag=${encodeURIComponent(tagKey(tag))}`}
                aria-label={`Projects tagged ${tag}`}
                style={{ cursor: 'pointer' }}
              >
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <Section label="Backend features" text={project.backend_features} />
        <Section label="Frontend features" text={project.frontend_features} />
        {project.body && (
          <Anchor component={Link} to={`/portfolio/${project.slug}`} size="sm">
            {/* Said in full, not only to screen readers: a link's text names where it goes (SEO's link-text audit). */}
            Read more<VisuallyHidden> about {project.title}</VisuallyHidden>
          </Anchor>
        )}
        {(onEdit || onDelete) && (
          <Group gap="xs" mt="auto" pt="xs">
            {onEdit && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} />}
                onClick={() => onEdit(project)}
                aria-label={`Edit ${project.title}`}
              >
                Edit
              </Button>
            )}
            {onDelete && (
              <Button
                size="xs"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onDelete(project)}
                aria-label={`Delete ${project.title}`}
              >
                Delete
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
