import { Button, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PortfolioProject } from '@site/contract';
import { IconChevronDown, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useDeferredQuery } from '../../hooks/use-deferred-query';
import { useMe } from '../auth';
import { useCreateProject, useDeleteProject, useProjects, useUpdateProject } from './api/use-portfolio';
import { ProjectCard } from './components/ProjectCard';
import { ProjectFormModal } from './components/ProjectFormModal';

/** Cards in the grid's widest row (md: 3 columns), all on screen when the page opens. */
const FIRST_ROW = 3;

type FormState = { mode: 'add' } | { mode: 'edit'; project?: PortfolioProject } | null;

/** docs/product.md#portfolio: the public project list; the admin also adds, edits and deletes. */
export function PortfolioPage() {
  const me = useMe();
  // The server enforces the role; this only decides which controls to show.
  const isAdmin = me.data?.is_admin === true;
  const projects = useDeferredQuery(useProjects());
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const deleteProject = useDeleteProject();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<PortfolioProject | null>(null);

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
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {projects.data.map((project, index) => (
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
