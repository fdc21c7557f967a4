import { Badge, Grid, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { NewsItem } from '@site/contract';
import { Link } from 'react-router';
import { madeOnce } from '../../../lib/made-once';
import { stockPath } from '../../../lib/market/paths';
import { ExternalLink } from './ExternalLink';

const published = madeOnce(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** docs/product.md#stock-page-appsfinancestocksymbol: text column 10 and image column 6 (of 16); the image only if its first resolution has a url. */
export function NewsPanel({ news }: { news: NewsItem[] }) {
  return (
    <section aria-labelledby="news-heading">
      <Title order={2} size="h3" id="news-heading" mb="md">
        News
      </Title>
      {news.length === 0 ? (
        <Text c="dimmed">No news for this company right now.</Text>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {news.map((item) => {
            const thumbnail = item.thumbnail.resolutions[0];
            return (
              <Paper component="li" withBorder radius="md" p="md" key={item.uuid}>
                <Grid columns={16} gap="lg" align="center">
                  <Grid.Col span={{ base: 16, sm: thumbnail?.url ? 10 : 16 }}>
                    <Stack gap={6}>
                      <ExternalLink href={item.link} fw={600} size="lg" lh={1.3}>
                        {item.title}
                      </ExternalLink>
                      <Text size="sm" c="dimmed">
                        {item.publisher} · {published().format(item.providerPublishTime * 1000)}
                      </Text>
                      {item.relatedTickers.length > 0 && (
                        <Group gap={6} aria-label="Related tickers">
                          {item.relatedTickers.map((ticker) => (
                            <Badge
                              key={ticker}
                              component={Link}
                              to={stockPath(ticker)}
                              variant="light"
                              style={{ cursor: 'pointer' }}
                            >
                              {ticker}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Stack>
                  </Grid.Col>
                  {thumbnail?.url && (
                    <Grid.Col span={{ base: 16, sm: 6 }}>
                      <Image src={thumbnail.url} alt="" radius="sm" fit="cover" mah={180} loading="lazy" />
                    </Grid.Col>
                  )}
                </Grid>
              </Paper>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
