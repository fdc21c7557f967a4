import { Group, NavLink, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sameView, type TodoViewRef, todoViewHref } from '../todo-views';

interface ViewLinkProps {
  current: TodoViewRef;
  onNavigate?: () => void;
  to: TodoViewRef;
  label: ReactNode;
  icon?: ReactNode;
  description?: ReactNode;
  /** Open tasks in the view, where the API counts them. */
  count?: number;
}

/** One view's link, marked as the page's own when it is the current view. */
export function ViewLink({ current, onNavigate, to, label, icon, description, count }: ViewLinkProps) {
  const active = sameView(current, to);
  return (
    <NavLink
      component={Link}
      to={todoViewHref(to)}
      onClick={onNavigate}
      active={active}
      aria-current={active ? 'page' : undefined}
      label={label}
      description={description}
      leftSection={icon}
      rightSection={count !== undefined && count > 0 ? <OpenCount count={count} /> : undefined}
      styles={{ root: { borderRadius: 'var(--mantine-radius-sm)', minWidth: 0 }, body: { minWidth: 0 } }}
    />
  );
}

function OpenCount({ count }: { count: number }) {
  return (
    <>
      <Text span size="xs" c="dimmed" aria-hidden="true">
        {count}
      </Text>
      <VisuallyHidden>{`${count} open`}</VisuallyHidden>
    </>
  );
}

/** A section's heading with an optional tool (New list) beside it. */
export function SectionHeading({ id, children, tool }: { id: string; children: ReactNode; tool?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" px="xs" mb={2}>
      <Text id={id} component="h2" size="xs" fw={700} c="dimmed" tt="uppercase">
        {children}
      </Text>
      {tool}
    </Group>
  );
}
