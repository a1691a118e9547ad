import { SearchPage } from './fixtures';

/** Pages ranked by how many query words they contain (title words count double). */
export function searchPages(pages: SearchPage[], query: string, pageSize: number, scoreThreshold = 0): Array<{ page: SearchPage; score: number }> {
  const words = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 1);
  if (words.length === 0) return [];
  return pages
    .map((page) => {
      const title = page.title.toLowerCase();
      const content = page.content.toLowerCase();
      const hits = words.reduce((sum, word) => sum + (title.includes(word) ? 2 : 0) + (content.includes(word) || page.path.includes(word) ? 1 : 0), 0);
      return { page, score: hits / (words.length * 3) };
    })
    .filter((result) => result.score > 0 && result.score >= scoreThreshold)
    .sort((a, b) => b.score - a.score || a.page.path.localeCompare(b.page.path))
    .slice(0, pageSize);
}
