import { createHash } from 'node:crypto';
import { defaultProfile, type Profile, type ProfileFields } from '@site/contract';
import { notFound } from '../../core/http-errors.js';
import type { HomeProfileFacts } from '../../core/page-facts.js';
import { isoNow } from '../../core/time.js';
import { processAvatar } from './avatar-image.js';
import type { ProfileRepository } from './profile.repository.js';

const NO_RESUME = 'No résumé has been uploaded';
const NO_AVATAR = 'No photo has been uploaded';

/** docs/api.md#profile: the owner's profile, résumé and photo. */
export function profileService(repository: ProfileRepository) {
  const current = async (): Promise<Profile> => (await repository.get()) ?? defaultProfile;

  return {
    get: current,

    /** The owner as the page heads name them (docs/api.md#pages): the links' addresses are `sameAs`. */
    async headFacts(): Promise<HomeProfileFacts> {
      const { name, title, tagline, links, updated_at, avatar } = (await repository.headFacts()) ?? defaultProfile;
      return { name, title, tagline, links: links.map((link) => link.url), updated_at, image: avatar?.url ?? null };
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

    /** `bytes`: the uploaded file, not yet checked (avatar-image.ts checks and crops it). */
    async uploadAvatar(bytes: Buffer): Promise<Profile> {
      const { version, files } = await processAvatar(bytes);
      const uploaded_at = isoNow();
      await repository.saveAvatar(files.map((file) => ({ ...file, version, uploaded_at })));
      return current();
    },

    async removeAvatar(): Promise<void> {
      if (!(await repository.removeAvatar())) throw notFound(NO_AVATAR);
    },

    /** One stored size (the largest when `width` is undefined); 404 for a size not stored. */
    async avatarFile(width: number | undefined) {
      const file = await repository.avatarFile(width);
      if (!file) throw notFound(width === undefined ? NO_AVATAR : `No photo of width ${width}`);
      return file;
    },

    async resumeInfo() {
      const resume = await repository.resumeInfo();
      if (!resume) throw notFound(NO_RESUME);
      return resume;
    },

    async resume() {
      const resume = await repository.resume();
      if (!resume) throw notFound(NO_RESUME);
      return resume;
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
