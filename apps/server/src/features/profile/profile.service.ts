import { createHash } from 'node:crypto';
import { defaultProfile, type Profile, type ProfileFields } from '@site/contract';
import { notFound } from '../../core/http-errors.js';
import type { HomeProfileFacts } from '../../core/page-facts.js';
import { isoNow } from '../../core/time.js';
import type { ProfileRepository } from './profile.repository.js';

const NO_RESUME = 'No résumé has been uploaded';

/** docs/api.md#profile: the owner's profile and résumé. */
export function profileService(repository: ProfileRepository) {
  const current = async (): Promise<Profile> => (await repository.get()) ?? defaultProfile;

  return {
    get: current,

    /** The owner as the page heads name them (docs/api.md#pages): the links' addresses are `sameAs`. */
    async headFacts(): Promise<HomeProfileFacts> {
      const { name, title, tagline, links, updated_at } = (await repository.headFacts()) ?? defaultProfile;
      return { name, title, tagline, links: links.map((link) => link.url), updated_at };
    },

    async update(fields: ProfileFields): Promise<Profile> {
      await repository.save(fields);
      return current();
    },

    /** `data` is a checked PDF (resume-form.ts). */
    async uploadResume(upload: { data: Buffer; fileName: string }): Promise<Profile> {
      await repository.saveResume({
        file_name: upload.fileName,
        data: upload.data,
        size: upload.data.length,
        etag: createHash('sha256').update(upload.data).digest('hex'),
        uploaded_at: isoNow(),
      });
      return current();
    },

    async removeResume(): Promise<void> {
      if (!(await repository.removeResume())) throw notFound(NO_RESUME);
    },

    async resume() {
      const resume = await repository.resume();
      if (!resume) throw notFound(NO_RESUME);
      return resume;
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
