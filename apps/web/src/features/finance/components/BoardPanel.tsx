import { Avatar, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { Officer } from '@site/contract';

const initials = (name: string) =>
  name
    .replace(/^(Mr|Ms|Mrs|Dr)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/** docs/product.md#stock-page-appsfinancestocksymbol: the company officers, two columns that stack on narrow screens. */
export function BoardPanel({ officers }: { officers: Officer[] }) {
  return (
    <section aria-labelledby="officers-heading">
      <Title order={2} size="h3" id="officers-heading" mb="md">
        Company Officers
      </Title>
      {officers.length === 0 ? (
        <Text c="dimmed">No officers listed.</Text>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {officers.map((officer) => (
            <Paper component="li" withBorder radius="md" p="md" key={`${officer.name}-${officer.title}`}>
              <Group wrap="nowrap" align="flex-start">
                <Avatar radius="xl" color="blue" aria-hidden>
                  {initials(officer.name)}
                </Avatar>
                <div>
                  <Text fw={600}>{officer.name}</Text>
                  <Text size="sm" c="dimmed">
                    {officer.title}
                  </Text>
                </div>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
