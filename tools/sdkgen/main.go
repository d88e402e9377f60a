// Command sdkgen binds schema.json with Pulumi's schema binder and writes the
// Node, Python and Go SDKs with Pulumi's own code generators.
//
//	sdkgen -schema schema.json -out sdk            # bind, then generate into sdk/<language>
//	sdkgen -schema schema.json -check              # bind only; exit 1 on any diagnostic
//
// The package has no dependency on another Pulumi package, so the reference
// loader refuses every load: a schema that needs one is a mistake here.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-clickhouse-cloud-sdkgen"

type noDependencies struct{}

var errNoDependencies = errors.New("the clickhouse-cloud schema references no other package")

func (noDependencies) LoadPackage(string, *semver.Version) (*schema.Package, error) {
	return nil, errNoDependencies
}

func (noDependencies) LoadPackageV2(context.Context, *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, errNoDependencies
}

func (noDependencies) LoadPackageReference(string, *semver.Version) (schema.PackageReference, error) {
	return nil, errNoDependencies
}

func (noDependencies) LoadPackageReferenceV2(
	context.Context, *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, errNoDependencies
}

func bind(path string) (*schema.Package, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	pkg, diags, err := schema.BindSpec(spec, noDependencies{}, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	if len(diags) > 0 {
		return nil, fmt.Errorf("%s does not bind:\n%s", path, diags.Error())
	}
	return pkg, nil
}

func write(root string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		target := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// generate binds the schema afresh for each language: the generators record
// language-specific state on the bound package.
func generate(schemaPath, outDir string) error {
	generators := []struct {
		language string
		run      func(*schema.Package) (map[string][]byte, error)
	}{
		{"nodejs", func(pkg *schema.Package) (map[string][]byte, error) {
			return nodejs.GeneratePackage(tool, pkg, nil, nil, false, noDependencies{})
		}},
		{"python", func(pkg *schema.Package) (map[string][]byte, error) {
			files, err := python.GeneratePackage(tool, pkg, nil, noDependencies{})
			if err != nil {
				return nil, err
			}
			// pyproject.toml names README.md beside it as the package's description; the generator writes the
			// README inside the package only, so a build from this folder would have none.
			readme, ok := files[filepath.Join(pythonPackageName(pkg), "README.md")]
			if !ok {
				return nil, errors.New("the Python generator wrote no README.md")
			}
			files["README.md"] = readme
			return files, nil
		}},
		{"go", func(pkg *schema.Package) (map[string][]byte, error) {
			files, err := gogen.GeneratePackage(tool, pkg, nil)
			if err != nil {
				return nil, err
			}
			goMod, err := goModule(pkg)
			if err != nil {
				return nil, err
			}
			files["go.mod"] = goMod
			return files, nil
		}},
	}
	for _, generator := range generators {
		pkg, err := bind(schemaPath)
		if err != nil {
			return err
		}
		files, err := generator.run(pkg)
		if err != nil {
			return fmt.Errorf("%s: %w", generator.language, err)
		}
		dir := filepath.Join(outDir, generator.language)
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		if err := write(dir, files); err != nil {
			return err
		}
	}
	return nil
}

// pythonPackageName is the Python package's folder: the schema's language.python.packageName.
func pythonPackageName(pkg *schema.Package) string {
	if info, ok := pkg.Language["python"].(python.PackageInfo); ok && info.PackageName != "" {
		return info.PackageName
	}
	return "pulumi_" + strings.ReplaceAll(pkg.Name, "-", "_")
}

// goModule is the go.mod of the Go SDK, which Pulumi's Go generator leaves out: the module is the folder above
// the package's import path, and it requires the Pulumi SDK (and semver) at the versions this tool is built with.
func goModule(pkg *schema.Package) ([]byte, error) {
	info, ok := pkg.Language["go"].(gogen.GoPackageInfo)
	if !ok || info.ImportBasePath == "" {
		return nil, errors.New("the schema's language.go.importBasePath is needed to name the Go module")
	}
	build, ok := debug.ReadBuildInfo()
	if !ok {
		return nil, errors.New("this binary carries no module information")
	}
	versions := map[string]string{}
	for _, dep := range build.Deps {
		versions[dep.Path] = dep.Version
	}
	var requires []string
	for _, path := range []string{"github.com/blang/semver", "github.com/pulumi/pulumi/sdk/v3"} {
		if versions[path] == "" {
			return nil, fmt.Errorf("this binary was built without %s", path)
		}
		requires = append(requires, fmt.Sprintf("\t%s %s\n", path, versions[path]))
	}
	module := info.ImportBasePath[:strings.LastIndex(info.ImportBasePath, "/")]
	text := fmt.Sprintf("module %s\n\ngo 1.25\n\nrequire (\n%s)\n", module, strings.Join(requires, ""))
	return []byte(text), nil
}

func main() {
	schemaPath := flag.String("schema", "schema.json", "the package schema")
	outDir := flag.String("out", "sdk", "directory that receives one folder per language")
	checkOnly := flag.Bool("check", false, "bind the schema and report diagnostics, generate nothing")
	flag.Parse()

	var err error
	if *checkOnly {
		_, err = bind(*schemaPath)
	} else {
		err = generate(*schemaPath, *outDir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
