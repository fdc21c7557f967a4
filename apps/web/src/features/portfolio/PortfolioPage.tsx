import { Button, Chip, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type PortfolioProject, tagKey } from '@site/contract';
import { IconArrowsSort, IconChevronDown, IconPencil, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useDeferredQuery } from '../../hooks/use-deferred-query';
import { useMe } from '../auth';
import {
  useCreateProject,
  useDeleteProject,
  useProjects,
  useReorderProjects,
  useUpdateProject,
} from './api/use-portfolio';
import { ProjectCard } from './components/ProjectCard';
import { ProjectFormModal } from './components/ProjectFormModal';

// The admin's alone: drag and drop stays out of the visitors' page.
const ReorderModal = lazy(() => import('./components/ReorderModal').then((m) => ({ default: m.ReorderModal })));

/** Cards in the grid's widest row (md: 3 columns), all on screen when the page opens. */
const FIRST_ROW = 3;

type FormState = { mode: 'add' } | { mode: 'edit'; project?: PortfolioProject } | null;

/** docs/product.md#portfolio: the public project list; the admin also adds, edits and deletes. */
export function PortfolioPage() {
  const me = useMe();
  // The server enforces the role; this only decides which controls to show.
  const isAdmin = me.data?.is_admin === true;
  const projects = useDeferredQuery(useProjects(isAdmin));
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const deleteProject = useDeleteProject();
  const reorder = useReorderProjects();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<PortfolioProject | null>(null);
  const [reordering, setReordering] = useState(false);

  // The tag filter lives in the address (?tag=react), so a filtered list can be linked to.
  const [search, setSearch] = useSearchParams();
  const tag = tagKey(search.get('tag') ?? '');
  const tags = useMemo(() => {
    const seen = new Map<string, string>();
    for (const project of projects.data ?? []) {
      for (const t of project.tags) if (!seen.has(tagKey(t))) seen.set(tagKey(t), t);
    }
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]));
  }, [projects.data]);
  const shown = useMemo(
    () => (tag ? (projects.data ?? []).filter((p) => p.tags.some((t) => tagKey(t) === tag)) : (projects.data ?? [])),
    [projects.data, tag],
  );
  const chooseTag = (next: string) =>
    setSearch(
      (params) => {
        const out = new URLSearchParams(params);
        if (next) out.set('tag', next);
        else out.delete('tag');
        return out;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Portfolio</Title>
        {isAdmin && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button rightSection={<IconChevronDown size={16} />}>Manage Projects</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => setForm({ mode: 'add' })}>
                Add Project
              </Menu.Item>
              <Menu.Item
                leftSection={<IconPencil size={14} />}
                onClick={() => setForm({ mode: 'edit' })}
                disabled={!projects.data?.length}
              >
                Edit Project
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowsSort size={14} />}
                onClick={() => setReordering(true)}
                disabled={(projects.data?.length ?? 0) < 2}
              >
                Reorder Projects
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      {projects.isPending ? (
        <PageLoader label="Loading projects" />
      ) : projects.isError ? (
        <LoadError title="Could not load the projects" error={projects.error} onRetry={() => projects.refetch()} />
      ) : projects.data.length === 0 ? (
        <Text c="dimmed">No projects</Text>
      ) : (
        <>
          {tags.length > 1 && (
            <Chip.Group multiple={false} value={tag} onChange={chooseTag}>
              <Group gap={6} role="group" aria-label="Filter by tag">
                <Chip value="" size="xs" variant="outline">
                  All
                </Chip>
                {tags.map(([key, label]) => (
                  <Chip key={key} value={key} size="xs" variant="outline">
                    {label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
          {shown.length === 0 && <Text c="dimmed">No projects tagged {search.get('tag')}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {shown.map((project, index) => (
              <ProjectCard
                key={project.id}
                project={project}
                eager={index < FIRST_ROW}
                {...(isAdmin
                  ? { onEdit: (p: PortfolioProject) => setForm({ mode: 'edit', project: p }), onDelete: setToDelete }
                  : {})}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      {reordering && (
        <Suspense fallback={null}>
          <ReorderModal
            opened
            projects={projects.data ?? []}
            onClose={() => setReordering(false)}
            onSave={(ids) => reorder.mutateAsync(ids)}
          />
        </Suspense>
      )}

      <ProjectFormModal
        opened={form !== null}
        mode={form?.mode ?? 'add'}
        project={form?.mode === 'edit' ? form.project : undefined}
        projects={projects.data ?? []}
        onClose={() => setForm(null)}
        onSubmit={(input, project) =>
          project ? updateProject.mutateAsync({ id: project.id, input }) : createProject.mutateAsync(input)
        }
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete project"
        loading={deleteProject.isPending}
        onCancel={() => setToDelete(null)}
        // Closed whatever the outcome: a failure's toast then covers no dialog.
        onConfirm={() => toDelete && deleteProject.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
      >
        Are you sure you want to delete the project {toDelete?.title}?
      </ConfirmDialog>
    </Stack>
  );
}
