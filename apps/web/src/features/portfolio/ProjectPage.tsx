import { Anchor, Badge, Box, Button, Group, Image, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { type PortfolioImage, type PortfolioProjectPage, tagKey } from '@site/contract';
import { matchPage } from '@site/contract/page-meta';
import { IconArrowLeft, IconBrandGithub, IconExternalLink, IconFileText, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageLoader } from '../../components/PageLoader';
import { isApiError } from '../../lib/api-client';
import { setPageTitle } from '../../lib/page-title';
import { useProject } from './api/use-portfolio';
import { PAGE_SIZES, ProjectPicture } from './components/ProjectPicture';
import bodyClasses from './project-body.module.css';
import { formatPeriod } from './project-period';

const LINKS = [
  { kind: 'source', label: 'Source', icon: IconBrandGithub, here: IconBrandGithub },
  // Another site's demo opens in a new tab (the arrow says so); one of this site's apps opens here.
  { kind: 'demo', label: 'Live demo', icon: IconExternalLink, here: IconPlayerPlay },
  { kind: 'writeup', label: 'Write-up', icon: IconFileText, here: IconFileText },
] as const;

/** docs/product.md#portfolio: one project at /portfolio/{slug}. */
export function ProjectPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const project = useProject(slug);
  const data = project.data;

  // A former slug finds the project under its current one: the address follows (the server
  // answers such an address with a 301 itself; this covers links followed inside the app).
  useEffect(() => {
    if (data && data.slug !== slug) navigate(`/portfolio/${data.slug}`, { replace: true });
  }, [data, slug, navigate]);

  // The tab's title and description name the project (the server wrote them into the first page).
  useEffect(() => {
    if (!data) return;
    const { meta } = matchPage(`/portfolio/${data.slug}`);
    setPageTitle(data.title, meta);
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', data.summary || data.description || meta.description);
  }, [data]);

  if (project.isPending) return <PageLoader label="Loading the project" />;
  if (project.isError) {
    if (isApiError(project.error) && project.error.status === 404) {
      return <NotFoundPage message="There is no project at this address." />;
    }
    return <LoadError title="Could not load the project" error={project.error} onRetry={() => project.refetch()} />;
  }
  return <ProjectView project={project.data} />;
}

export function ProjectView({ project }: { project: PortfolioProjectPage }) {
  const period = formatPeriod(project);
  // The cover first, the rest of the gallery after the body (docs/product.md#portfolio).
  const [cover, ...gallery] = project.images;
  const links = LINKS.filter(({ kind }) => project.links[kind]);
  return (
    <Stack gap="lg" component="article" maw={820} mx="auto" w="100%">
      <Anchor component={Link} to="/portfolio" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          All projects
        </Group>
      </Anchor>
      <Stack gap="xs">
        <Group gap="xs">
          {project.status === 'draft' && (
            <Badge color="yellow" variant="light">
              Draft
            </Badge>
          )}
          {project.featured && <Badge variant="light">Featured</Badge>}
        </Group>
        <Title order={1}>{project.title}</Title>
        {(project.summary || project.description) && (
          <Text size="lg" c="dimmed">
            {project.summary || project.description}
          </Text>
        )}
        {(period || project.role) && (
          <Group gap="lg" component="dl" m={0}>
            {project.role && <Fact label="Role" value={project.role} />}
            {period && <Fact label="Period" value={period} />}
          </Group>
        )}
      </Stack>
      {cover ? (
        <Figure image={cover} src={project.image} maxHeight={420} eager />
      ) : (
        project.image && (
          <Image src={project.image} alt={`Screenshot of ${project.title}`} radius="md" mah={420} fit="cover" />
        )
      )}
      {links.length > 0 && (
        <Group gap="sm">
          {links.map(({ kind, label, icon, here }) => {
            const Icon = project.links[kind].startsWith('/') ? here : icon;
            return (
              <LinkButton key={kind} href={project.links[kind]} icon={<Icon size={16} aria-hidden />}>
                {label}
              </LinkButton>
            );
          })}
        </Group>
      )}
      {project.body_html && (
        <Typography>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised on the server (docs/api.md#portfolio). */}
          <div data-project-body className={bodyClasses.body} dangerouslySetInnerHTML={{ __html: project.body_html }} />
        </Typography>
      )}
      {(project.backend_features || project.frontend_features) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Features label="Backend features" text={project.backend_features} />
          <Features label="Frontend features" text={project.frontend_features} />
        </SimpleGrid>
      )}
      {gallery.length > 0 && (
        <Stack gap="lg" component="section" aria-label="Gallery">
          {gallery.map((image) => (
            <Figure key={image.id} image={image} />
          ))}
        </Stack>
      )}
      {project.tags.length > 0 && (
        <Group gap={6} role="group" aria-label="Tags">
          {project.tags.map((tag) => (
            <Badge
              key={tag}
              variant="outline"
              tt="none"
              component={Link}
              to={`/portfolio?tag=${encodeURIComponent(tagKey(tag))}`}
              style={{ cursor: 'pointer' }}
            >
              {tag}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** A gallery image the page's width, its caption under it. */
function Figure({
  image,
  src,
  maxHeight,
  eager,
}: {
  image: PortfolioImage;
  src?: string | null;
  maxHeight?: number;
  eager?: boolean;
}) {
  return (
    <Box component="figure" m={0}>
      <ProjectPicture
        image={image}
        sizes={PAGE_SIZES}
        radius="var(--mantine-radius-md)"
        src={src}
        {...(maxHeight ? { maxHeight } : {})}
        {...(eager ? { eager } : {})}
      />
      {image.caption && (
        <Text component="figcaption" size="sm" c="dimmed" mt={6}>
          {image.caption}
        </Text>
      )}
    </Box>
  );
}

/** A page of this site opens in the app; another site's in a new tab. */
function LinkButton({ href, icon, children }: { href: string; icon: React.ReactNode; children: React.ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <Button variant="light" leftSection={icon} component={Link} to={href}>
        {children}
      </Button>
    );
  }
  return (
    <Button variant="light" leftSection={icon} component="a" href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Button>
  );
}

/** The seed's feature fields, as the card shows them, under their own headings. */
function Features({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <Stack gap={4} component="section" aria-label={label}>
      <Title order={2} size="h4">
        {label}
      </Title>
      <Text style={{ whiteSpace: 'pre-line' }}>{text}</Text>
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}
