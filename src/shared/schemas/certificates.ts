/**
 * The course certificate's public check (docs/decisions/0049-certificate-verification.md): the
 * learner's choice to show it at /sertifikat/{id}, and what that page reads.
 */
import { z } from '#shared/zod';
import { validation } from '#shared/copy/validation';

/** A certificate's public id: 20 characters of RFC 4648 base32 (100 random bits), lower-case. */
export const CERTIFICATE_ID = /^[a-z2-7]{20}$/;

/** PUT /api/guide/certificate/public: show the certificate on its public page, or withdraw it. */
export const certificatePublicSchema = z.strictObject({ public: z.boolean({ error: validation.certificatePublic }) });
export type CertificatePublicRequest = z.input<typeof certificatePublicSchema>;

/** The learner's certificate: its id, whether its page is public, and the page's full address. */
export type CertificateStatus = { id: string; public: boolean; url: string };

/** GET /api/certificates/{id}: what a published certificate shows to anyone. */
export type PublicCertificate = {
  name: string;
  course: string;
  /** The Oslo calendar day the course was finished, YYYY-MM-DD. */
  issuedOn: string;
} & Record<'modules' | 'lessons', number>;
