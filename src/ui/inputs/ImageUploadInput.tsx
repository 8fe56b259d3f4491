import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/Image';
import { Avatar, Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldTitle, ValidationError, useInput, useTranslate } from 'react-admin';
import { type ResizeOptions, loadImage, resizeImage } from './resizeImage';

export interface ImageUploadInputProps {
  /** Form field holding the image as a data URL. */
  source: string;
  label?: string;
  /** Size of the stored image. */
  resize: ResizeOptions;
  /** Another form field that receives a small copy (e.g. the list's thumbnail). */
  thumbnail?: ResizeOptions & { source: string };
  /** Shape of the preview. */
  variant?: 'circular' | 'rounded';
  readOnly?: boolean;
}

/**
 * Picks an image file, shrinks it in the browser (see resizeImage) and keeps it in the form
 * as a data URL, with a preview and a button to remove it.
 */
export function ImageUploadInput(props: ImageUploadInputProps) {
  const { source, label, resize, thumbnail, variant = 'circular', readOnly = false } = props;
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { field, fieldState } = useInput({ source });
  const [failure, setFailure] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const image = typeof field.value === 'string' && field.value ? field.value : null;

  const store = (value: string | null, thumb: string | null) => {
    field.onChange(value);
    if (thumbnail) setValue(thumbnail.source, thumb, { shouldDirty: true });
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    if (!file.type.startsWith('image/')) {
      setFailure(translate('adam.image.not_an_image'));
      return;
    }
    setWorking(true);
    try {
      const loaded = await loadImage(file);
      const thumb = thumbnail ? resizeImage(loaded, { ...thumbnail, square: true }) : null;
      store(resizeImage(loaded, resize), thumb);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : translate('adam.image.unreadable'));
    } finally {
      setWorking(false);
    }
  };

  const error = failure ?? fieldState.error?.message;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="textSecondary" gutterBottom>
        <FieldTitle label={label} source={source} />
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={image ?? undefined}
          alt=""
          variant={variant}
          sx={{ width: 96, height: 96, bgcolor: 'action.hover', color: 'text.disabled' }}
        >
          <ImageIcon fontSize="large" />
        </Avatar>
        {!readOnly && (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Button
              component="label"
              variant="outlined"
              size="small"
              startIcon={<AddPhotoIcon />}
              disabled={working}
            >
              {translate(image ? 'adam.image.replace' : 'adam.image.choose')}
              <input
                name={`${source}-file`}
                type="file"
                accept="image/*"
                hidden
                onChange={choose}
              />
            </Button>
            {image && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => store(null, null)}
              >
                {translate('adam.image.remove')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {error && (
        // ValidationError reads react-admin's own format of a validator's message too.
        <FormHelperText error>
          <ValidationError error={error} />
        </FormHelperText>
      )}
    </Box>
  );
}
