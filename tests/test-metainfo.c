/* test-metainfo.c: the desktop's view of the app: the AppStream metainfo,
 * the desktop file and the icons (data/, icons/)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run as `test-metainfo METAINFO DESKTOP` on the files the build made. The
 * validators (appstreamcli, desktop-file-validate) must have nothing to say
 * beyond the hints listed below with their reasons; the releases are NEWS's;
 * the screenshots are the files in data/screenshots/ at the sizes the
 * metainfo states; what the metainfo provides is what the build installs.
 */
#include <glib.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <string.h>

#define APP_ID "org.powderhorn.Powderhorn"
#define MIME_TYPE "application/x-powderhorn-scenario+xml"

static const char *metainfo_path;
static const char *desktop_path;

static char *
source_path (const char *first,
             ...)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");
  g_autofree char *root = g_path_get_dirname (srcdir ? srcdir : ".");
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list args;

  g_ptr_array_add (parts, root);
  va_start (args, first);
  for (const char *part = first; part; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

static xmlDoc *
load_metainfo (void)
{
  xmlDoc *doc = xmlReadFile (metainfo_path, NULL, XML_PARSE_NONET);

  g_assert_nonnull (doc);
  return doc;
}

/* The nodes @xpath finds in @doc (never NULL; free with xmlXPathFreeObject) */
static xmlXPathObject *
find (xmlDoc     *doc,
      const char *xpath)
{
  xmlXPathContext *ctx = xmlXPathNewContext (doc);
  xmlXPathObject *result = xmlXPathEvalExpression ((const xmlChar *) xpath, ctx);

  xmlXPathFreeContext (ctx);
  g_assert_nonnull (result);
  /* the English ones: the translations merged in (po/) carry xml:lang */
  if (result->nodesetval != NULL)
    {
      int kept = 0;

      for (int i = 0; i < result->nodesetval->nodeNr; i++)
        {
          xmlNode *node = result->nodesetval->nodeTab[i];
          xmlChar *lang = node->type == XML_ELEMENT_NODE
                          ? xmlGetNsProp (node, (const xmlChar *) "lang", XML_XML_NAMESPACE)
                          : NULL;

          if (lang == NULL)
            result->nodesetval->nodeTab[kept++] = node;
          xmlFree (lang);
        }
      result->nodesetval->nodeNr = kept;
    }
  return result;
}

static int
count (xmlXPathObject *result)
{
  return result->nodesetval ? result->nodesetval->nodeNr : 0;
}

static char *
node_text (xmlXPathObject *result,
           int             i)
{
  xmlChar *text = xmlNodeGetContent (result->nodesetval->nodeTab[i]);
  char *copy = g_strdup ((const char *) text);

  xmlFree (text);
  return g_strstrip (copy);
}

/* The text of the one node @xpath finds */
static char *
text_of (xmlDoc     *doc,
         const char *xpath)
{
  xmlXPathObject *result = find (doc, xpath);
  char *text;

  g_assert_cmpint (count (result), ==, 1);
  text = node_text (result, 0);
  xmlXPathFreeObject (result);
  return text;
}

/* Every text @xpath finds, in order */
static GStrv
texts_of (xmlDoc     *doc,
          const char *xpath)
{
  xmlXPathObject *result = find (doc, xpath);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (int i = 0; i < count (result); i++)
    {
      g_autofree char *text = node_text (result, i);

      g_strv_builder_add (builder, text);
    }
  xmlXPathFreeObject (result);
  return g_strv_builder_end (builder);
}

/* Runs @argv; its standard output and error together, and its status */
static char *
run (const char * const *argv,
     int                *status)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL, *err = NULL;
  char *both;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &out, &err, status, &error));
  g_assert_no_error (error);
  both = g_strconcat (out, err, NULL);
  g_free (out);
  g_free (err);
  g_test_message ("%s: %s", argv[0], both);
  return both;
}

/* AppStream says nothing but these. Each has its reason:
 *  - the id has capitals: it is the app's D-Bus and GSettings name, as
 *    GNOME's own apps (org.gnome.Nautilus) have it; renaming it would lose
 *    every user's settings;
 *  - AppStream before 1.0 (Debian 12's 0.16) does not know <developer>, and
 *    1.0 calls <developer_name> deprecated: the file has both, one for each. */
static const char * const allowed_hints[] = {
  "cid-contains-uppercase-letter " APP_ID,
  "unknown-tag developer",
  "developer-name-tag-deprecated",
  NULL
};

static gboolean
hint_allowed (const char *line)
{
  for (const char * const *hint = allowed_hints; *hint; hint++)
    if (strstr (line, *hint) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_appstream_validate (void)
{
  g_autofree char *program = g_find_program_in_path ("appstreamcli");
  const char *argv[] = { "appstreamcli", "validate", "--no-net", "--pedantic", metainfo_path, NULL };
  g_autofree char *output = NULL;
  g_auto(GStrv) lines = NULL;
  int status;
  guint issues = 0;

  if (program == NULL)
    {
      g_test_skip ("appstreamcli is not installed (Debian: appstream)");
      return;
    }
  output = run (argv, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (output, "\n", -1);
  for (char **line = lines; *line; line++)
    {
      /* "E: ", "W: ", "I: " or "P: " (pedantic) then the issue */
      if (strlen (*line) < 3 || (*line)[1] != ':' || (*line)[2] != ' '
          || strchr ("EWIP", (*line)[0]) == NULL)
        continue;
      issues++;
      if (!hint_allowed (*line))
        g_error ("appstreamcli: %s", *line);
    }
  /* the capitals of the id are always pointed out: the output was read */
  g_assert_cmpuint (issues, >=, 1);
}

static void
test_desktop_validate (void)
{
  g_autofree char *program = g_find_program_in_path ("desktop-file-validate");
  const char *argv[] = { "desktop-file-validate", desktop_path, NULL };
  g_autofree char *output = NULL;
  int status;

  if (program == NULL)
    {
      g_test_skip ("desktop-file-validate is not installed (Debian: desktop-file-utils)");
      return;
    }
  output = run (argv, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  /* not even a hint */
  g_assert_cmpstr (output, ==, "");
}

/* NEWS: "Version X, YYYY-MM-DD" headings, newest first, each with its
 * "- " items */
typedef struct
{
  char *version;
  char *date;
  guint items;
} NewsRelease;

static void
news_release_free (NewsRelease *release)
{
  g_free (release->version);
  g_free (release->date);
  g_free (release);
}

static GPtrArray *
read_news (void)
{
  g_autofree char *path = source_path ("NEWS", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *releases = g_ptr_array_new_with_free_func ((GDestroyNotify) news_release_free);

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (char **line = lines; *line; line++)
    {
      if (g_str_has_prefix (*line, "Version "))
        {
          g_auto(GStrv) heading = g_strsplit (*line + strlen ("Version "), ", ", -1);
          NewsRelease *release = g_new0 (NewsRelease, 1);

          g_assert_cmpuint (g_strv_length (heading), ==, 2);
          release->version = g_strdup (heading[0]);
          release->date = g_strdup (heading[1]);
          g_ptr_array_add (releases, release);
        }
      else if (g_str_has_prefix (*line, "- ") && releases->len > 0)
        ((NewsRelease *) g_ptr_array_index (releases, releases->len - 1))->items++;
    }
  return releases;
}

static void
test_releases (void)
{
  xmlDoc *doc = load_metainfo ();
  g_autoptr(GPtrArray) news = read_news ();
  g_auto(GStrv) versions = texts_of (doc, "/component/releases/release/@version");
  g_auto(GStrv) dates = texts_of (doc, "/component/releases/release/@date");

  /* the version meson.build gives is the newest release */
  g_assert_cmpuint (news->len, >=, 1);
  g_assert_cmpuint (g_strv_length (versions), ==, news->len);
  g_assert_cmpstr (versions[0], ==, PH_VERSION);
  for (guint i = 0; i < news->len; i++)
    {
      NewsRelease *release = g_ptr_array_index (news, i);
      g_autofree char *items_xpath = g_strdup_printf (
        "/component/releases/release[%u]/description/ul/li", i + 1);
      xmlXPathObject *items = find (doc, items_xpath);
      g_autoptr(GDateTime) date = NULL;
      g_autofree char *iso = g_strconcat (dates[i], "T00:00:00Z", NULL);

      g_assert_cmpstr (versions[i], ==, release->version);
      g_assert_cmpstr (dates[i], ==, release->date);
      g_assert_cmpint (count (items), ==, release->items);
      xmlXPathFreeObject (items);
      /* a real day, and newest first */
      date = g_date_time_new_from_iso8601 (iso, NULL);
      g_assert_nonnull (date);
      if (i > 0)
        g_assert_cmpstr (dates[i - 1], >, dates[i]);
    }
  xmlFreeDoc (doc);
}

static void
test_provides (void)
{
  xmlDoc *doc = load_metainfo ();
  g_auto(GStrv) binaries = texts_of (doc, "/component/provides/binary");
  g_auto(GStrv) types = texts_of (doc, "/component/provides/mediatype");
  g_autofree char *launchable = text_of (doc, "/component/launchable[@type='desktop-id']");
  g_autofree char *desktop_name = g_path_get_basename (desktop_path);
  g_autofree char *id = text_of (doc, "/component/id");
  g_autofree char *mime_path = source_path ("data", APP_ID ".mime.xml", NULL);
  g_autofree char *mime_xml = NULL;

  g_assert_cmpstr (id, ==, APP_ID);
  g_assert_cmpuint (g_strv_length (binaries), ==, 2);
  g_assert_true (g_strv_contains ((const char * const *) binaries, "powderhorn"));
  g_assert_true (g_strv_contains ((const char * const *) binaries, "powderhorn-cli"));
  /* the type the build installs (data/APP_ID.mime.xml) */
  g_assert_cmpuint (g_strv_length (types), ==, 1);
  g_assert_cmpstr (types[0], ==, MIME_TYPE);
  g_assert_true (g_file_get_contents (mime_path, &mime_xml, NULL, NULL));
  g_assert_nonnull (strstr (mime_xml, "type=\"" MIME_TYPE "\""));
  g_assert_cmpstr (launchable, ==, desktop_name);
  g_assert_cmpstr (launchable, ==, APP_ID ".desktop");
  xmlFreeDoc (doc);
}

static void
test_about (void)
{
  xmlDoc *doc = load_metainfo ();
  g_autofree char *homepage = text_of (doc, "/component/url[@type='homepage']");
  g_autofree char *bugs = text_of (doc, "/component/url[@type='bugtracker']");
  g_autofree char *vcs = text_of (doc, "/component/url[@type='vcs-browser']");
  g_autofree char *developer_id = text_of (doc, "/component/developer/@id");
  g_autofree char *developer = text_of (doc, "/component/developer/name");
  g_autofree char *developer_name = text_of (doc, "/component/developer_name");
  g_autofree char *rating = text_of (doc, "/component/content_rating/@type");
  g_auto(GStrv) keywords = texts_of (doc, "/component/keywords/keyword");
  g_autofree char *readme_path = source_path ("README.md", NULL);
  g_autofree char *readme = NULL;

  g_assert_true (g_str_has_prefix (homepage, "https://"));
  g_assert_true (g_str_has_prefix (bugs, homepage));
  g_assert_cmpstr (vcs, ==, homepage);
  /* the README names the same place */
  g_assert_true (g_file_get_contents (readme_path, &readme, NULL, NULL));
  g_assert_nonnull (strstr (readme, homepage));
  g_assert_nonnull (strstr (readme, bugs));
  /* reverse DNS, as the app id */
  g_assert_true (g_str_has_prefix (APP_ID, developer_id));
  g_assert_cmpstr (developer, ==, developer_name);
  g_assert_cmpstr (rating, ==, "oars-1.1");
  g_assert_cmpuint (g_strv_length (keywords), >=, 3);
  g_assert_true (g_strv_contains ((const char * const *) keywords, "wargame"));
  xmlFreeDoc (doc);
}

/* A PNG's size, from its IHDR chunk */
static void
png_size (const char *path,
          guint      *width,
          guint      *height)
{
  static const guchar signature[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  g_autofree guchar *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, (char **) &data, &length, NULL));
  g_assert_cmpuint (length, >, 24);
  g_assert_cmpmem (data, 8, signature, 8);
  g_assert_cmpmem (data + 12, 4, "IHDR", 4);
  *width = (guint) data[16] << 24 | (guint) data[17] << 16 | (guint) data[18] << 8 | data[19];
  *height = (guint) data[20] << 24 | (guint) data[21] << 16 | (guint) data[22] << 8 | data[23];
}

static void
test_screenshots (void)
{
  xmlDoc *doc = load_metainfo ();
  xmlXPathObject *images = find (doc, "/component/screenshots/screenshot/image");
  g_auto(GStrv) captions = texts_of (doc, "/component/screenshots/screenshot/caption");
  xmlXPathObject *defaults = find (doc, "/component/screenshots/screenshot[@type='default']");
  g_autofree char *homepage = text_of (doc, "/component/url[@type='homepage']");
  g_autofree char *dir_path = source_path ("data", "screenshots", NULL);
  g_autofree char *prefix = g_strconcat (homepage, "/-/raw/main/data/screenshots/", NULL);
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) named = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_cmpint (count (images), >=, 3);
  g_assert_cmpint (count (defaults), ==, 1);
  g_assert_cmpuint (g_strv_length (captions), ==, count (images));
  for (int i = 0; i < count (images); i++)
    {
      xmlNode *node = images->nodesetval->nodeTab[i];
      g_autofree char *url = node_text (images, i);
      xmlChar *width_attr = xmlGetProp (node, (const xmlChar *) "width");
      xmlChar *height_attr = xmlGetProp (node, (const xmlChar *) "height");
      g_autofree char *file = NULL;
      guint width, height;

      g_assert_cmpstr (captions[i], !=, "");
      /* the file committed in data/screenshots/, by the project's URL */
      g_assert_true (g_str_has_prefix (url, prefix));
      file = g_build_filename (dir_path, url + strlen (prefix), NULL);
      g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
      png_size (file, &width, &height);
      g_assert_nonnull (width_attr);
      g_assert_nonnull (height_attr);
      g_assert_cmpuint (width, ==, g_ascii_strtoull ((const char *) width_attr, NULL, 10));
      g_assert_cmpuint (height, ==, g_ascii_strtoull ((const char *) height_attr, NULL, 10));
      /* what AppStream and the stores show well: landscape, 16:10 or wider,
       * at least 620 wide */
      g_assert_cmpuint (width, >=, 620);
      g_assert_cmpuint (width * 10, >=, height * 16);
      g_ptr_array_add (named, g_strdup (url + strlen (prefix)));
      xmlFree (width_attr);
      xmlFree (height_attr);
    }
  /* and no screenshot is left out */
  dir = g_dir_open (dir_path, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".png"))
      g_assert_true (g_ptr_array_find_with_equal_func (named, name, g_str_equal, NULL));
  xmlXPathFreeObject (defaults);
  xmlXPathFreeObject (images);
  xmlFreeDoc (doc);
}

static void
test_desktop_file (void)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) types = NULL;
  g_auto(GStrv) categories = NULL;
  g_auto(GStrv) keywords = NULL;
  g_autofree char *icon = NULL;
  g_autofree char *icon_path = NULL;
  xmlDoc *doc = load_metainfo ();
  g_auto(GStrv) metainfo_categories = texts_of (doc, "/component/categories/category");

  g_assert_true (g_key_file_load_from_file (keys, desktop_path, G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);
  /* its own file type only, not every XML file */
  types = g_key_file_get_string_list (keys, "Desktop Entry", "MimeType", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (types), ==, 1);
  g_assert_cmpstr (types[0], ==, MIME_TYPE);
  icon = g_key_file_get_string (keys, "Desktop Entry", "Icon", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (icon, ==, APP_ID);
  icon_path = source_path ("icons", APP_ID ".svg", NULL);
  g_assert_true (g_file_test (icon_path, G_FILE_TEST_IS_REGULAR));
  keywords = g_key_file_get_string_list (keys, "Desktop Entry", "Keywords", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (keywords), >=, 3);
  /* the same categories as the metainfo */
  categories = g_key_file_get_string_list (keys, "Desktop Entry", "Categories", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (categories), ==, g_strv_length (metainfo_categories));
  for (char **category = metainfo_categories; *category; category++)
    g_assert_true (g_strv_contains ((const char * const *) categories, *category));
  xmlFreeDoc (doc);
}

/* The symbolic icon: one colour, 16 by 16, and only filled shapes (GTK
 * recolours fills; a stroke or a gradient would stay as drawn) */
static void
test_symbolic_icon (void)
{
  g_autofree char *path = source_path ("icons", APP_ID "-symbolic.svg", NULL);
  xmlDoc *doc = xmlReadFile (path, NULL, XML_PARSE_NONET);
  xmlXPathContext *ctx;
  xmlXPathObject *result;
  xmlNode *root;
  xmlChar *view_box;

  g_assert_nonnull (doc);
  root = xmlDocGetRootElement (doc);
  g_assert_cmpstr ((const char *) root->name, ==, "svg");
  view_box = xmlGetProp (root, (const xmlChar *) "viewBox");
  g_assert_cmpstr ((const char *) view_box, ==, "0 0 16 16");
  xmlFree (view_box);
  ctx = xmlXPathNewContext (doc);
  xmlXPathRegisterNs (ctx, (const xmlChar *) "svg", (const xmlChar *) "http://www.w3.org/2000/svg");
  result = xmlXPathEvalExpression ((const xmlChar *)
    "//svg:path | //svg:ellipse | //svg:circle | //svg:rect", ctx);
  g_assert_cmpint (count (result), >=, 1);
  xmlXPathFreeObject (result);
  result = xmlXPathEvalExpression ((const xmlChar *)
    "//*[@stroke] | //svg:linearGradient | //svg:radialGradient | //svg:image", ctx);
  g_assert_cmpint (count (result), ==, 0);
  xmlXPathFreeObject (result);
  xmlXPathFreeContext (ctx);
  xmlFreeDoc (doc);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (argc != 3)
    {
      g_printerr ("usage: %s METAINFO DESKTOP\n", argv[0]);
      return 2;
    }
  metainfo_path = argv[1];
  desktop_path = argv[2];

  g_test_add_func ("/metainfo/appstream-validate", test_appstream_validate);
  g_test_add_func ("/metainfo/releases", test_releases);
  g_test_add_func ("/metainfo/provides", test_provides);
  g_test_add_func ("/metainfo/about", test_about);
  g_test_add_func ("/metainfo/screenshots", test_screenshots);
  g_test_add_func ("/desktop/validate", test_desktop_validate);
  g_test_add_func ("/desktop/keys", test_desktop_file);
  g_test_add_func ("/icons/symbolic", test_symbolic_icon);
  return g_test_run ();
}
