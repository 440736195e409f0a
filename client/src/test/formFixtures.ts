/** Forms and images as the API answers them, for component tests of the dashboard and the owner page. */
import type { FormListItem, FormResponse, ImageResponse } from '@formscribe/common/schemas/form';

export function buildFormResponse(overrides: Partial<FormResponse> = {}): FormResponse {
  return {
    id: 1,
    name: 'Parish Register 1850',
    language: null,
    description: null,
    instructions: null,
    organizationName: null,
    organizationUrl: null,
    logoUrl: null,
    fields: [],
    requiredEntriesPerImage: 1,
    webhookUrl: null,
    dataEntryActive: true,
    isActive: true,
    createdById: 7,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    canManage: true,
    isOwner: true,
    ...overrides,
  };
}

export function buildFormListItem(overrides: Partial<FormListItem> = {}): FormListItem {
  return { ...buildFormResponse(), totalImages: 0, completedImages: 0, ...overrides };
}

export function buildImage(overrides: Partial<ImageResponse> = {}): ImageResponse {
  return {
    id: 1,
    formId: 1,
    number: 1,
    filename: 'a.jpg',
    originalName: 'page-1.jpg',
    publicUrl: '/api/image-proxy/a.jpg',
    thumbnailUrl: '/api/thumbnail-proxy/a.jpg',
    mimeType: 'image/jpeg',
    size: 1000,
    rotation: 0,
    manuallyCompleted: false,
    completedAt: null,
    exportedAt: null,
    uploadedAt: '2024-01-02T00:00:00.000Z',
    entryCount: 0,
    submissionCount: 0,
    verifiedFieldCount: 0,
    totalFieldCount: 0,
    isComplete: false,
    isVerified: false,
    progressPercent: 0,
    fieldVerificationStatus: {},
    noDataVoteCount: 0,
    unreadableVoteCount: 0,
    source: { fileName: 'page-1.jpg', page: null },
    metadata: {},
    ...overrides,
  };
}
